import { $api } from '../../../lib/query.ts';

/** requestPasswordReset: 'Send Reset Link' (spec public-and-guest §2 "Login", §8 "Forgot password"); answers the message to show. */
export const useRequestPasswordReset = () => $api.useMutation('post', '/api/password/forgot');
