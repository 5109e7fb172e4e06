// The coach's profile (contract tag `profile`): details, password, notifications, web profile and photo,
// two-factor sign-in, where the account is signed in, the assistants, and the policies to sign or accept and their alert.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { addAssistant, assistantFormProblem, listAssistants, setAssistantBlocked, updateAssistant } from './assistants-service.ts';
import { getProfilePhoto, uploadProfilePhoto } from './photo-service.ts';
import { getPolicyAlert, listPolicies } from './policies-service.ts';
import { getProfile, type ProfileSettings, updateProfile } from './profile-service.ts';
import { listSignedInSessions, signOutOtherSessions } from './sessions-service.ts';
import { disableTwoFactor, startTwoFactorSetup, verifyTwoFactor } from './two-factor-service.ts';

export const profileRoutes: TagRoutes = (_app, config) => {
  const settings: ProfileSettings = { portalOrigin: config.allowedOrigins[0] ?? '' };
  const assistantForm = { invalid: { form: assistantFormProblem } };
  return {
    getProfile: (input, ctx) => getProfile(input, ctx, settings),
    updateProfile: (input, ctx) => updateProfile(input, ctx, settings),
    getProfilePhoto,
    uploadProfilePhoto,
    startTwoFactorSetup,
    verifyTwoFactor,
    disableTwoFactor,
    listSignedInSessions,
    signOutOtherSessions,
    listAssistants,
    addAssistant: { ...assistantForm, idempotentCreate: true, handler: addAssistant },
    updateAssistant: { ...assistantForm, handler: updateAssistant },
    setAssistantBlocked,
    listPolicies,
    getPolicyAlert,
  };
};
