import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';
import { sessionExtendedAtom } from '../../../lib/session/session.ts';
import { getSession } from '../../../lib/session/session-api.ts';

// The multi-select actions that change assessments (spec assessments-and-clients §2.3): each asks the lists again
// when it settles (a partial batch changed some). A batch sends the Idempotency-Key its caller made for the action.

/** deleteAssessments: Delete, after 'Are you sure you wish to remove?'. */
export function useDeleteAssessments() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assessments/deletions', {
    // A billable assessment deleted before registration is credited back.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') });
      await balanceChanged(queryClient);
    },
  });
}

/** setAssessmentsWrapped: Wrap / Unwrap. */
export function useSetAssessmentsWrapped() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assessments/wrap-ups', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}

/** assignAssessmentSco: Assign SCO; the drawer's SCO Given item appears once SCOs were given (the session says). */
export function useAssignAssessmentSco() {
  const queryClient = useQueryClient();
  const sessionRead = useSetAtom(sessionExtendedAtom);
  return $api.useMutation('post', '/api/assessments/sco-assignments', {
    onSuccess: async () => {
      const session = await getSession();
      if (session) sessionRead(session);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}

/** revokeAssessmentSco: Revoke SCO in the SCO Given view. */
export function useRevokeAssessmentSco() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assessments/sco-revocations', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}

/** editAssessments: the Edit dialog's changed fields, for every selected assessment and its client. */
export function useEditAssessments() {
  const queryClient = useQueryClient();
  return $api.useMutation('patch', '/api/assessments', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}
