import { describe, expect, it } from 'vitest';
import {
  canDelete,
  completionSummary,
  countByFilter,
  filterAssessments,
  inviteOutcome,
  inviteState,
  linkCopiedPatch,
  markingState,
  matchesFilter,
  PIPELINE_FILTERS,
  pipelineStage,
  type Tracking,
  wrapToggle,
} from './pipeline.ts';

const fresh: Tracking = {
  assessmentType: 'EIT',
  userInvite: 0,
  reminded: 0,
  userRegistration: 0,
  guestCompletedAt: null,
  marked: 0,
  userReport: null,
  coachWrappedUp: 0,
  fromAnotherCoach: 0,
};
const invited: Tracking = { ...fresh, userInvite: 1 };
const started: Tracking = { ...invited, userRegistration: 1 };
const inMarking: Tracking = { ...started, guestCompletedAt: '2025-10-02 09:00:00' };
const marked: Tracking = { ...inMarking, marked: 1 };
const sent: Tracking = { ...marked, userReport: 'sent' };
const enneaDone: Tracking = { ...inMarking, assessmentType: 'ennea', marked: 1 };

const matching = (a: Tracking) => PIPELINE_FILTERS.filter((filter) => matchesFilter(a, filter));

describe('pipeline filters (spec assessments-and-clients §4.1)', () => {
  it('puts a fresh assessment in Not invited yet', () => {
    expect(matching(fresh)).toEqual(['notInvitedYet', 'showAll', 'unwrapped']);
  });

  it('puts an invited one in Invited, not started', () => {
    expect(matching(invited)).toEqual(['invitedNotStarted', 'showAll', 'unwrapped']);
  });

  it('puts a registered, incomplete one in Started, incomplete', () => {
    expect(matching(started)).toEqual(['startedIncomplete', 'showAll', 'unwrapped']);
  });

  it('puts a complete unmarked Maturity one in marking and in send report', () => {
    expect(matching(inMarking)).toEqual(['completeInMarking', 'completeSendReport', 'showAll', 'unwrapped']);
  });

  it('never puts an Enneagram assessment in marking', () => {
    expect(matching({ ...enneaDone, marked: 0 })).toEqual(['completeSendReport', 'showAll', 'unwrapped']);
  });

  it('drops a report-sent assessment out of send report', () => {
    expect(matching(sent)).toEqual(['showAll', 'unwrapped']);
  });

  it('excludes wrapped-up records from all but Show all, Wrapped and Unwrapped', () => {
    for (const a of [fresh, invited, started, inMarking, { ...fresh, fromAnotherCoach: 1 }]) {
      expect(matching({ ...a, coachWrappedUp: 1 })).toEqual(['showAll', 'wrapped']);
    }
  });

  it('lists received assessments under Received SCOs', () => {
    expect(matching({ ...started, fromAnotherCoach: 1 })).toContain('receivedScos');
    expect(matching(started)).not.toContain('receivedScos');
  });

  it('filters and counts a list', () => {
    const list = [fresh, invited, started, inMarking, sent, { ...sent, coachWrappedUp: 1 as const }];
    expect(filterAssessments(list, 'wrapped')).toHaveLength(1);
    const counts = countByFilter(list);
    expect(counts).toEqual({
      notInvitedYet: 1,
      invitedNotStarted: 1,
      startedIncomplete: 1,
      completeInMarking: 1,
      completeSendReport: 1,
      showAll: 6,
      receivedScos: 0,
      wrapped: 1,
      unwrapped: 5,
    });
  });
});

describe('pipeline stage and tracking states (spec assessments-and-clients §4.2)', () => {
  it('orders the stages', () => {
    expect([fresh, invited, started, inMarking, marked, sent].map(pipelineStage)).toEqual([
      'notInvited',
      'invitedNotStarted',
      'startedIncomplete',
      'completeInMarking',
      'completeSendReport',
      'reportSent',
    ]);
    expect(pipelineStage(enneaDone)).toBe('completeSendReport');
  });

  it('derives the invite state', () => {
    expect(inviteState(fresh)).toBe('notInvited');
    expect(inviteState(invited)).toBe('invited');
    expect(inviteState({ userInvite: 1, reminded: 1 })).toBe('reminded');
  });

  it('derives the marking state, auto-marked for a completed Enneagram', () => {
    expect(markingState(fresh)).toBe('notMarked');
    expect(markingState(marked)).toBe('marked');
    expect(markingState(enneaDone)).toBe('autoMarked');
    expect(markingState({ ...fresh, assessmentType: 'ennea' })).toBe('notMarked');
  });

  it('summarises Completed (complete and sent) against In progress (spec coach-shell §4)', () => {
    expect(completionSummary([fresh, inMarking, sent, sent])).toEqual({ completed: 2, inProgress: 2 });
  });
});

describe('invites (spec assessments-and-clients §4.3)', () => {
  it('flags a first invite as invited, not a reminder', () => {
    expect(inviteOutcome(fresh)).toEqual({ kind: 'send', isReminder: false, patch: { userInvite: 1, reminded: 0 } });
  });

  it('sends a reminder to someone invited before', () => {
    expect(inviteOutcome(invited)).toEqual({ kind: 'send', isReminder: true, patch: { userInvite: 1, reminded: 1 } });
  });

  it('skips completed assessments', () => {
    expect(inviteOutcome(inMarking)).toEqual({ kind: 'skip', reason: 'complete' });
  });

  it('counts a copied link as invited', () => {
    expect(inviteState({ ...fresh, ...linkCopiedPatch() })).toBe('invited');
  });
});

describe('delete and wrap rules', () => {
  it('allows deleting only before registration (spec §9)', () => {
    expect(canDelete({ userRegistration: 0, guestRegisteredAt: null })).toBe(true);
    expect(canDelete({ userRegistration: 1, guestRegisteredAt: '2025-10-01 08:00:00' })).toBe(false);
  });

  it('wraps an unwrapped selection and unwraps a wrapped one (spec §4.4)', () => {
    expect(wrapToggle([fresh, invited])).toEqual({ ok: true, coachWrappedUp: 1 });
    expect(wrapToggle([{ ...fresh, coachWrappedUp: 1 }])).toEqual({ ok: true, coachWrappedUp: 0 });
  });

  it('refuses a mixed, a received or an empty selection', () => {
    expect(wrapToggle([fresh, { ...fresh, coachWrappedUp: 1 }])).toEqual({ ok: false, reason: 'mixed' });
    expect(wrapToggle([fresh, { ...fresh, fromAnotherCoach: 1 }])).toEqual({ ok: false, reason: 'received' });
    expect(wrapToggle([])).toEqual({ ok: false, reason: 'empty' });
  });
});
