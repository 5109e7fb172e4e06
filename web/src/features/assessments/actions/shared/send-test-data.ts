// The selected assessments the send actions' tests build the fake BFF's answers from (the selection's summary).
import { REPORT_NAMES, type ReportCode } from '../../../../lib/labels/assessments.ts';
import { assessmentId, assessmentRow } from '../../../../test/fixtures.ts';
import type { AssessmentDetails } from '../../api/list-assessment-details.ts';
import type { AssessmentSelectionSummary } from '../../api/summarize-assessment-selection.ts';

export { assessmentId } from '../../../../test/fixtures.ts';

/** The n-th assessment with its details (View Details' record): a row of the list (`assessmentRow`) and its coach. */
export function details(n: number, name: string, extra: Partial<AssessmentDetails> = {}): AssessmentDetails {
  return {
    ...assessmentRow(n, name),
    otherData: '',
    coach: { id: assessmentId(900), name: 'Amara', surname: 'Botha' },
    updatedAt: '2025-09-01T08:15:00Z',
    ...extra,
  };
}

/** The BFF's summary of a selection (summarizeAssessmentSelection), as it derives it from the same assessments. */
export function summaryOf(selection: readonly AssessmentDetails[], names = 20): AssessmentSelectionSummary {
  const group = (items: readonly AssessmentDetails[]) => ({
    count: items.length,
    names: items.slice(0, names).map((item) => `${item.clientName} ${item.clientSurname}`.trim()),
  });
  const sendable = selection.filter((item) => item.permissions.canInvite);
  const order = Object.keys(REPORT_NAMES) as ReportCode[];
  const offered = new Set(selection.flatMap((item) => item.availableReports.pdf));
  const waiting = new Set(selection.flatMap((item) => item.availableReports.awaitingMarking));
  return {
    total: selection.length,
    invites: group(sendable.filter((item) => item.inviteState === 'notInvited')),
    reminders: group(sendable.filter((item) => item.inviteState !== 'notInvited')),
    complete: group(selection.filter((item) => !item.permissions.canInvite)),
    received: selection.filter((item) => item.receivedFromAnotherCoach).length,
    receivedNames: group(selection.filter((item) => item.receivedFromAnotherCoach)).names,
    reports: {
      offered: order.filter((code) => offered.has(code)),
      awaitingMarking: order.filter((code) => waiting.has(code) && !offered.has(code)),
    },
  };
}
