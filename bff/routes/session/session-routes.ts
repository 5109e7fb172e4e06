// Sign-in, the session, logout, the impersonation check and password reset (contract tag `session`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { builtPortalVersion } from '../../plugins/app/static-web.ts';
import {
  currentSession,
  malformedSignIn,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  startImpersonation,
  weakPassword,
} from './session-service.ts';

export const sessionRoutes: TagRoutes = (_app, config) => {
  // PORTAL_VERSION, else the version of the client this BFF serves (read once: a deployment restarts it).
  const portalVersion = config.portalVersion ?? builtPortalVersion(config.webDistDir);
  const settings = {
    idleTimeoutMs: config.session.idleTimeoutMs,
    supportEmail: config.supportEmail,
    portalVersion,
    adminCoachesUrl: config.adminCoachesUrl,
  };
  return {
    createSession: {
      invalid: { rules: [{ when: () => true, answer: malformedSignIn }] },
      handler: (input, ctx) => signIn(input, ctx, settings),
    },
    // Re-reads the coach (contract: getSession): the shell's balance and badges stay current, and an
    // ended legacy session (403) ends this one instead of the client believing it is signed in.
    getSession: (input, ctx) => currentSession(input, ctx, settings),
    // Extending = re-reading the coach (spec public-and-guest §4 "Session"); the request itself moved the idle deadline.
    extendSession: (input, ctx) => currentSession(input, ctx, settings),
    deleteSession: (input, ctx) => signOut(input, ctx, settings),
    startImpersonatedSession: (input, ctx) => startImpersonation(input, ctx, settings),
    requestPasswordReset,
    resetPassword: {
      invalid: { rules: [{ when: (failure) => failure.field === 'newPassword' && !failure.missing, answer: weakPassword }] },
      handler: resetPassword,
    },
  };
};
