// What the confirm steps of the assessments actions show of a selection of any size (spec assessments-and-clients
// §2.4 "the pre-invite review", §4.3, §4.5): counts and the first names of each group, from the coach's copy of the
// legacy lists, instead of every selected assessment's details (the select-all across pages may select 50,000).
import type { components as Bff } from '../../../generated/bff.ts';
import { REPORT_NAMES, type ReportCode } from '../../domain/report-availability.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';

type AssessmentSelectionSummary = Bff['schemas']['AssessmentSelectionSummary'];
type NamedCount = Bff['schemas']['NamedCount'];

/** Names given per group when the request names no number. */
export const SUMMARY_NAMES = 20;
/** spec §3.8: the reports in the order the spec lists them. */
const REPORT_ORDER = Object.keys(REPORT_NAMES) as ReportCode[];

/** A group filled in selection order: every member counted, the first `limit` named. */
function group(limit: number) {
  const named: NamedCount = { count: 0, names: [] };
  return {
    named,
    add(name: string) {
      named.count++;
      if (named.names.length < limit) named.names.push(name);
    },
  };
}

/**
 * summarizeAssessmentSelection: who Send Invites/Reminders would invite, remind or skip as complete (§4.3, the
 * row's `canInvite` and `inviteState`, as the BFF decides them), how many are received and whose (§4.7), and the reports Send
 * Reports may offer (§4.5). Ids that are neither the coach's own nor received are left out.
 */
export async function summarizeAssessmentSelection(
  { body }: OperationInput<'summarizeAssessmentSelection'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<AssessmentSelectionSummary> {
  const snapshot = await assessmentSnapshot(ctx, snapshots, 'own');
  const limit = body.names ?? SUMMARY_NAMES;
  const [invites, reminders, complete] = [group(limit), group(limit), group(limit)];
  const offered = new Set<ReportCode>();
  const waiting = new Set<ReportCode>();
  let total = 0;
  const received = group(limit);
  for (const id of body.ids) {
    const row = snapshot.byId.get(id)?.row;
    if (!row) continue;
    total++;
    const name = `${row.clientName} ${row.clientSurname}`.replace(/\s+/g, ' ').trim();
    if (!row.permissions.canInvite) complete.add(name);
    else if (row.inviteState === 'notInvited') invites.add(name);
    else reminders.add(name);
    if (row.receivedFromAnotherCoach) received.add(name);
    for (const code of row.availableReports.pdf) offered.add(code);
    for (const code of row.availableReports.awaitingMarking) waiting.add(code);
  }
  return {
    total,
    invites: invites.named,
    reminders: reminders.named,
    complete: complete.named,
    received: received.named.count,
    receivedNames: received.named.names,
    reports: {
      offered: REPORT_ORDER.filter((code) => offered.has(code)),
      awaitingMarking: REPORT_ORDER.filter((code) => waiting.has(code) && !offered.has(code)),
    },
  };
}
