import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type TwoFactorSetup = components['schemas']['TwoFactorSetup'];

/** startTwoFactorSetup: turning two-factor on answers the QR code (a data URL) and the secret (spec §4 "Two-factor"). */
export const useStartTwoFactorSetup = () => $api.useMutation('post', '/api/profile/two-factor');
