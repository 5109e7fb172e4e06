import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

export type ReportEmailBatchResult = components['schemas']['ReportEmailBatchResult'];

/**
 * sendReports: Send Reports (spec assessments-and-clients §4.3, §4.5): a sent report marks the assessment's report
 * sent, so the lists are asked again when it settles. The caller gives the Idempotency-Key.
 */
export function useSendReports() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assessments/report-emails', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}
