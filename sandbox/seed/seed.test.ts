import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GuestReportCode, guestReportProblem } from '../domain/guest-results.ts';
import { pipelineStage } from '../domain/pipeline.ts';
import { ownAssessments } from '../state/store.ts';
import { assessmentView } from '../state/views.ts';
import { SEED_COACHES } from './accounts.ts';
import { seedStore } from './seed.ts';

const now = Date.parse('2025-11-20T10:00:00Z');

describe('seedStore', () => {
  it('is deterministic', () => {
    const a = seedStore({ now, assessments: 50 });
    const b = seedStore({ now, assessments: 50 });
    expect([...a.assessments.keys()]).toEqual([...b.assessments.keys()]);
    expect([...a.clients.values()]).toEqual([...b.clients.values()]);
  });

  it('puts the demo coach in every pipeline state, wrapped ones too', () => {
    const store = seedStore({ now });
    const demo = ownAssessments(store, SEED_COACHES.demo.uuid).map((record) => assessmentView(store, record, SEED_COACHES.demo.uuid));
    expect(demo).toHaveLength(300);
    expect(new Set(demo.map(pipelineStage))).toEqual(
      new Set(['notInvited', 'invitedNotStarted', 'startedIncomplete', 'completeInMarking', 'completeSendReport', 'reportSent']),
    );
    expect(demo.some((a) => a.coachWrappedUp === 1)).toBe(true);
    expect(new Set(demo.map((a) => a.assessmentType))).toEqual(new Set(['ennea', 'EIT', 'full']));
  });

  it('gives the demo coach teams in each report state, one whose report could not be generated', () => {
    const store = seedStore({ now, assessments: 100 });
    const teams = [...store.teams.values()].filter((team) => team.coachUuid === SEED_COACHES.demo.uuid);
    expect(teams.map((team) => [team.reportRequested !== null, team.reportSuppliedAt !== null, team.failedReport])).toEqual([
      [false, false, false],
      [true, false, false],
      [true, true, false],
      [true, true, false],
      [true, true, true],
    ]);
  });

  it('seeds a large account on request, still in every pipeline state', () => {
    const store = seedStore({ now, assessments: 5000 });
    const demo = ownAssessments(store, SEED_COACHES.demo.uuid);
    expect(demo).toHaveLength(5000);
    expect(new Set(demo.map((record) => pipelineStage(assessmentView(store, record, SEED_COACHES.demo.uuid)))).size).toBe(6);
  });

  it('gives every column of the assessments table a value, and an empty one, at the demo coach (own, received, given)', () => {
    const store = seedStore({ now });
    const coach = SEED_COACHES.demo.uuid;
    const own = ownAssessments(store, coach).map((record) => assessmentView(store, record, coach));
    const received = store.scoGrants
      .filter((grant) => grant.toCoachUuid === coach)
      .map((grant) => assessmentView(store, store.assessments.get(grant.assessmentUuid) as never, coach));
    const rows = [...own, ...received];
    const values = <T>(pick: (row: (typeof rows)[number]) => T) => new Set(rows.map(pick));
    expect(values((a) => a.clientCompany === null)).toEqual(new Set([true, false]));
    expect(values((a) => a.userCoach === null)).toEqual(new Set([true, false]));
    expect(values((a) => a.otherData === null)).toEqual(new Set([true, false]));
    expect(values((a) => a.userEnnea === null)).toEqual(new Set([true, false]));
    expect(values((a) => a.finalTPR === null)).toEqual(new Set([true, false]));
    expect(values((a) => a.userEnnea !== null && a.finalTPR !== null)).toContain(true);
    expect(values((a) => a.assessmentLanguage).size).toBeGreaterThan(4);
    expect(values((a) => a.tokenType)).toEqual(
      new Set(['paid', 'marketing', 'accreditation', 'retest', 'probono', 'selfRegister', 'importResults', 'hybrid']),
    );
    expect(values((a) => a.parentedHybrid)).toEqual(new Set([0, 1]));
    expect(values((a) => a.reminded)).toEqual(new Set([0, 1]));
    expect(values((a) => a.userReport)).toEqual(new Set(['sent', null]));
    expect(values((a) => a.coachWrappedUp)).toEqual(new Set([0, 1]));
    expect(values((a) => a.reportsToAutoSend === '-')).toEqual(new Set([true, false]));
    expect(values((a) => a.reportStatusEnnea)).toEqual(new Set(['o', 's', 'd', null]));
    expect(values((a) => a.reportStatusMaturity)).toEqual(new Set(['o', 's', 'd', null]));
    // Received from the peer coach (From Coach) and given to them (To Coach).
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((a) => a.fromAnotherCoach === 1 && a.scoReceivedFrom?.uuid === SEED_COACHES.peer.uuid)).toBe(true);
    expect(own.filter((a) => a.scoGivenTo.length > 0).length).toBeGreaterThan(0);
    expect(own.filter((a) => a.tokenType === 'selfRegister').map((a) => a.userCoach)).toEqual(['Self-registration']);
  });

  it('gives the empty coach nothing of their own: every list of theirs is empty', () => {
    const store = seedStore({ now });
    const { uuid } = SEED_COACHES.empty;
    const theirs = (records: Iterable<{ coachUuid: string }>) => [...records].filter((record) => record.coachUuid === uuid);
    expect(store.coaches.get(uuid)?.accreditationLevel).toBe(4);
    expect(ownAssessments(store, uuid)).toEqual([]);
    expect(theirs(store.clients.values())).toEqual([]);
    expect(store.scoGrants.filter((grant) => grant.toCoachUuid === uuid)).toEqual([]);
    expect(theirs(store.teams.values())).toEqual([]);
    expect([...store.teams.values()].filter((team) => team.scoGivenTo.includes(uuid))).toEqual([]);
    expect(theirs(store.couples.values())).toEqual([]);
    expect(theirs(store.messages)).toEqual([]);
    expect(theirs(store.balance)).toEqual([]);
    expect(theirs(store.miniAssessments.values())).toEqual([]);
  });
});

describe('the seeded links the READMEs give', () => {
  const readmes = ['../../README.md', '../README.md'].map((path) => readFileSync(new URL(path, import.meta.url), 'utf8')).join('\n');
  const links = [...readmes.matchAll(/\/coachportal\/reports\/(e|m|c|cp)\/([0-9a-f-]{36})/g)];

  it('name a guest report in the top README and every one of them opens a report with the default seed', () => {
    const store = seedStore({ now });
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toMatch(/\/coachportal\/reports\/e\/[0-9a-f-]{36}/);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const [, code, id] of links) {
      const assessment = store.assessments.get(id ?? '');
      expect(assessment, id).toBeDefined();
      if (assessment) {
        const view = assessmentView(store, assessment, SEED_COACHES.demo.uuid);
        expect(guestReportProblem(view, code as GuestReportCode), id).toBeNull();
      }
    }
  });
});
