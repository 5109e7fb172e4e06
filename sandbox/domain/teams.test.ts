import { describe, expect, it } from 'vitest';
import {
  addMembers,
  canDuplicate,
  decideCancelRequest,
  decideReportRequest,
  duplicateTeamName,
  isTeamLocked,
  receivedTeamRefused,
  reportRequestedDisplay,
  TEAM_REPORT_TYPE_OF,
  teamDeleteLocked,
  teamReportChargeInfo,
  teamReportState,
  ZERO_MEMBERS,
} from './teams.ts';

const open = { reportRequested: null, isReportAvailable: false };
const requested = { reportRequested: 'Full' as const, isReportAvailable: false };
const available = { reportRequested: 'Full' as const, isReportAvailable: true };

describe('team report states (spec coach-shell §4)', () => {
  it('moves from not requested to requested to available', () => {
    expect([open, requested, available].map(teamReportState)).toEqual(['notRequested', 'requested', 'available']);
  });

  it('locks requested and available teams, which may then be duplicated', () => {
    expect([open, requested, available].map(isTeamLocked)).toEqual([false, true, true]);
    expect([open, requested, available].map(canDuplicate)).toEqual([false, true, true]);
  });

  it('shows Not Requested or the type', () => {
    expect(reportRequestedDisplay(null)).toBe('Not Requested');
    expect(reportRequestedDisplay('IMf')).toBe('Maturity');
    expect(TEAM_REPORT_TYPE_OF.full).toBe('Full');
  });

  it('refuses a second request, zero members and non-Enneagram reports for level 1', () => {
    expect(decideReportRequest(open, 3, 3, 'Full')).toEqual({ ok: true });
    expect(decideReportRequest(requested, 3, 3, 'Full')).toEqual({ ok: false, info: 'A report has already been requested for this team.' });
    expect(decideReportRequest(open, 0, 3, 'Full')).toEqual({ ok: false, info: ZERO_MEMBERS });
    expect(decideReportRequest(open, 3, 1, 'IMf')).toEqual({
      ok: false,
      info: 'Your accreditation level allows only the Enneagram team report.',
    });
    expect(decideReportRequest(open, 3, 1, 'Ennea')).toEqual({ ok: true });
  });

  it('cancels only a pending request', () => {
    expect(decideCancelRequest(requested)).toEqual({ ok: true });
    expect(decideCancelRequest(open)).toMatchObject({ ok: false });
    expect(decideCancelRequest(available)).toMatchObject({ ok: false });
  });
});

describe('team helpers', () => {
  it('names a duplicate with the long month and year (en-ZA)', () => {
    expect(duplicateTeamName('Depot Managers', new Date('2025-11-21T10:00:00Z'))).toBe('Depot Managers November 2025');
  });

  it('adds only new members, once each', () => {
    expect(addMembers(['a', 'b'], ['b', 'c', 'c', 'd'])).toEqual({ added: ['c', 'd'], alreadyMembers: ['b', 'c'] });
  });

  it('charges per type, duplicates free', () => {
    expect(teamReportChargeInfo({ duplicatedSourceId: null }, 'Full')).toEqual({
      message: 'A Combined team report costs 4 credits.',
      isFreeOfCharge: false,
      cost: 4,
    });
    expect(teamReportChargeInfo({ duplicatedSourceId: 12 }, 'Full')).toMatchObject({ isFreeOfCharge: true, cost: 0 });
  });

  it('words the spec messages', () => {
    expect(teamDeleteLocked('Depot')).toBe('The report for team Depot has already been requested or generated - cannot delete.');
    expect(receivedTeamRefused('edit')).toBe(
      'This team has been given to you - you cannot edit it. You can only download the team reports, when they become available.',
    );
  });
});
