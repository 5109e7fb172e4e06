// Handlers of the public mini-assessment operations (openapi/bff.yaml, tag `public`); the mapping is in mini-service.ts.
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import { type MiniDeps, type MiniSettings, miniTranslations, startMiniAssessment, submitSection1, submitSection2 } from './mini-service.ts';

type MiniOperations = 'getMiniTranslations' | 'startMiniAssessment' | 'submitMiniSection1' | 'submitMiniSection2';

export function miniRoutes(settings: MiniSettings, now: () => number = Date.now): Pick<OperationHandlers, MiniOperations> {
  const deps: MiniDeps = { settings, translations: null, now };
  return {
    getMiniTranslations: async (request) => miniTranslations(request, deps),
    // The form's own messages (missing details, e-mail) come before validation_failed.
    startMiniAssessment: {
      attachValidation: true,
      handler: async (request, reply) => reply.code(201).send(await startMiniAssessment(request, request.params.coachUuid, deps)),
    },
    submitMiniSection1: async (request) => submitSection1(request, request.params.uniqueId, request.body.answers, deps),
    submitMiniSection2: async (request) => submitSection2(request, request.params.uniqueId, request.body.answers, deps),
  };
}
