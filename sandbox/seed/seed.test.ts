import { describe, expect, it } from 'vitest';
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

  it('gives the demo coach teams in each report state', () => {
    const store = seedStore({ now, assessments: 100 });
    const teams = [...store.teams.values()].filter((team) => team.coachUuid === SEED_COACHES.demo.uuid);
    expect(teams.map((team) => [team.reportRequested !== null, team.reportSuppliedAt !== null])).toEqual([
      [false, false],
      [true, false],
      [true, true],
      [true, true],
    ]);
  });

  it('seeds a large account on request', () => {
    const store = seedStore({ now, assessments: 5000 });
    expect(ownAssessments(store, SEED_COACHES.demo.uuid)).toHaveLength(5000);
  });
});
