// Handlers of the session operations (openapi/bff.yaml, tag `session`); the mapping is in session-service.ts.
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import {
  currentSession,
  requestPasswordReset,
  resetPassword,
  type SessionSettings,
  signIn,
  signOut,
  startImpersonation,
} from './session-service.ts';

type SessionOperations =
  | 'createSession'
  | 'getSession'
  | 'deleteSession'
  | 'extendSession'
  | 'startImpersonatedSession'
  | 'requestPasswordReset'
  | 'resetPassword';

export function sessionRoutes(settings: SessionSettings): Pick<OperationHandlers, SessionOperations> {
  return {
    // Validation failures are answered by the service with the login page's message.
    createSession: { attachValidation: true, handler: async (request, reply) => signIn(request, reply, request.body, settings) },
    // Re-reads the coach (contract: getSession): the shell's balance and badges stay current, and an
    // ended legacy session (403) ends this one instead of the client believing it is signed in.
    getSession: async (request) => currentSession(request, settings),
    // Extending = re-reading the coach (spec public-and-guest §4 "Session"); the request itself moved the idle deadline.
    extendSession: async (request) => currentSession(request, settings),
    deleteSession: async (request, reply) => signOut(request, reply),
    startImpersonatedSession: async (request, reply) => startImpersonation(request, reply, settings),
    requestPasswordReset: async (request, reply) => {
      const answer = await requestPasswordReset(request, request.body.email);
      return reply.code(202).send(answer);
    },
    // A too-short newPassword answers weak_password, not validation_failed (contract: resetPassword).
    resetPassword: { attachValidation: true, handler: async (request) => resetPassword(request, request.body) },
  };
}
