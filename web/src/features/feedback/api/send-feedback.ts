import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type FeedbackCategory = components['schemas']['FeedbackRequest']['category'];

/** sendFeedback: 'Leave A Message' to the provider (spec coach-shell §2.1, §5). */
export const useSendFeedback = () => $api.useMutation('post', '/api/feedback');
