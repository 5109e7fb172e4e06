import { $api } from '../../../lib/query.ts';

/** resetPassword (spec public-and-guest §2 "Reset password", §8 "Reset"); answers the message to show. */
export const useResetPassword = () => $api.useMutation('post', '/api/password/reset');
