import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

export type InviteBatchResult = components['schemas']['InviteBatchResult'];
type AssessmentBatchJob = components['schemas']['AssessmentBatchJob'];
type BatchResult = components['schemas']['BatchResult'];

/**
 * Did the call change what the lists show? A result with an invite sent, or one whose outcome is not known; a cut
 * batch (401 with `batch`) that sent some. A job (202) has changed nothing yet: its progress dialog asks the lists
 * again when it ended; a refusal of the whole selection changed nothing.
 */
export function invitesChangedLists(answer: unknown): boolean {
  const result = (answer as { batch?: BatchResult } | undefined)?.batch ?? (answer as BatchResult | AssessmentBatchJob | undefined);
  if (!result || !('succeeded' in result)) return false;
  return result.succeeded > 0 || result.failed.some((failure) => failure.code === 'outcome_unknown');
}

/**
 * sendInvites: Send Invites/Reminders (spec assessments-and-clients §4.3): each sent invite flags its assessment
 * invited (or reminded), so the lists are asked again once something was sent (never for the job's 202, before
 * anything changed). The caller gives the Idempotency-Key.
 */
export function useSendInvites() {
  const queryClient = useQueryClient();
  const refreshIfChanged = (answer: unknown) =>
    invitesChangedLists(answer) ? queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }) : undefined;
  return $api.useMutation('post', '/api/assessments/invites', {
    onSuccess: refreshIfChanged,
    onError: refreshIfChanged,
  });
}
