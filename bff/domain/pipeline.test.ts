import { describe, expect, it } from 'vitest';
import { completionSummary, countByFilter, matchesFilter, PIPELINE_FILTERS, type PipelineFilter, type Tracking } from './pipeline.ts';

const COMPLETED_AT = '2025-10-02 10:00:00';

/** A record not invited, not started, not wrapped up, the coach's own, unless told otherwise. */
const record = (fields: Partial<Tracking> = {}): Tracking => ({
  assessmentType: 'ennea',
  userInvite: 0,
  userRegistration: 0,
  guestCompletedAt: null,
  marked: 0,
  userReport: null,
  coachWrappedUp: 0,
  fromAnotherCoach: 0,
  ...fields,
});

const notInvited = record();
const invited = record({ userInvite: 1 });
const started = record({ userInvite: 1, userRegistration: 1 });
const maturityUnmarked = record({ assessmentType: 'EIT', userInvite: 1, userRegistration: 1, guestCompletedAt: COMPLETED_AT });
const enneaDone = record({ userInvite: 1, userRegistration: 1, guestCompletedAt: COMPLETED_AT, marked: 1 });
const reportSent = record({ ...enneaDone, userReport: 'sent' });
const wrappedUp = (a: Tracking): Tracking => ({ ...a, coachWrappedUp: 1 });
const received = record({ ...started, fromAnotherCoach: 1 });

const filtersOf = (a: Tracking): PipelineFilter[] => PIPELINE_FILTERS.filter((filter) => matchesFilter(a, filter));

describe('matchesFilter (spec assessments-and-clients §4.1)', () => {
  it.each([
    ['not invited, not registered', notInvited, ['notInvitedYet', 'showAll', 'unwrapped']],
    ['invited, not registered', invited, ['invitedNotStarted', 'showAll', 'unwrapped']],
    ['registered, not complete', started, ['startedIncomplete', 'showAll', 'unwrapped']],
    [
      'a completed Maturity not marked: in marking and waiting for its report',
      maturityUnmarked,
      ['completeInMarking', 'completeSendReport', 'showAll', 'unwrapped'],
    ],
    ['a completed Enneagram (auto-marked), no report sent', enneaDone, ['completeSendReport', 'showAll', 'unwrapped']],
    ['complete with the report sent: in no to-do filter', reportSent, ['showAll', 'unwrapped']],
    ['received from another coach', received, ['startedIncomplete', 'showAll', 'receivedScos', 'unwrapped']],
  ] as const)('%s', (_, a, expected) => {
    expect(filtersOf(a)).toEqual(expected);
  });

  it('a copied link counts as invited even without registration (userInvite 1)', () => {
    expect(matchesFilter(record({ userInvite: 1, userRegistration: 0 }), 'notInvitedYet')).toBe(false);
  });

  it('a completed Full or Maturity assessment once marked leaves Complete, in marking', () => {
    expect(filtersOf({ ...maturityUnmarked, marked: 1 })).toEqual(['completeSendReport', 'showAll', 'unwrapped']);
    expect(matchesFilter({ ...maturityUnmarked, assessmentType: 'full' }, 'completeInMarking')).toBe(true);
  });

  it('leaves wrapped-up records out of every filter but Show all and Wrapped', () => {
    for (const a of [notInvited, invited, started, maturityUnmarked, enneaDone, received]) {
      expect(filtersOf(wrappedUp(a))).toEqual(['showAll', 'wrapped']);
    }
  });
});

describe('countByFilter', () => {
  it('counts each filter in the order asked, a record counted in every filter it matches', () => {
    const list = [notInvited, notInvited, invited, started, maturityUnmarked, enneaDone, reportSent, received, wrappedUp(enneaDone)];
    expect(countByFilter(list)).toEqual([
      { filter: 'notInvitedYet', count: 2 },
      { filter: 'invitedNotStarted', count: 1 },
      { filter: 'startedIncomplete', count: 2 },
      { filter: 'completeInMarking', count: 1 },
      { filter: 'completeSendReport', count: 2 },
      { filter: 'showAll', count: 9 },
      { filter: 'receivedScos', count: 1 },
      { filter: 'wrapped', count: 1 },
      { filter: 'unwrapped', count: 8 },
    ]);
    expect(countByFilter(list, ['receivedScos', 'notInvitedYet'])).toEqual([
      { filter: 'receivedScos', count: 1 },
      { filter: 'notInvitedYet', count: 2 },
    ]);
    expect(countByFilter([], ['wrapped'])).toEqual([{ filter: 'wrapped', count: 0 }]);
  });
});

describe('completionSummary (spec coach-shell §4)', () => {
  it('counts complete-and-sent as Completed, the rest as In progress, wrapped-up records in neither', () => {
    const list = [notInvited, invited, started, maturityUnmarked, enneaDone, reportSent, reportSent, received];
    expect(completionSummary(list)).toEqual({ completed: 2, inProgress: 6 });
    expect(completionSummary([...list, wrappedUp(reportSent), wrappedUp(invited)])).toEqual({
      completed: 2,
      inProgress: 6,
    });
  });

  it('a report marked sent before completion is still in progress', () => {
    expect(completionSummary([record({ userReport: 'sent' })])).toEqual({ completed: 0, inProgress: 1 });
  });
});
