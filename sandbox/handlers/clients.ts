// Clients: add, edit, their assessments, and adding an assessment to a client (spec assessments-and-clients §3.2, §4.9, §5, §7).
import { RECEIVED_SELECTION_REFUSED } from '../domain/pipeline.ts';
import { checkNewClient, checkOtherData, DUPLICATE_CLIENT, isDuplicateClient, isValidEmail } from '../domain/validation.ts';
import type { ClientRecord } from '../state/model.ts';
import { clientAssessments } from '../state/store.ts';
import { assessmentView } from '../state/views.ts';
import { isReceivedBy, requireOwnCoach, requireSession, sessionCoach } from './access.ts';
import {
  COMPLETED_CLIENT_LOCKED,
  chargeAssessment,
  checkTypeAllowed,
  createAssessmentRecord,
  createClientRecord,
  hasCompletedAssessment,
  ownClients,
} from './clients-records.ts';
import type { Handlers } from './context.ts';
import { badRequest, type Ctx, type OperationId } from './context.ts';

export const CLIENT_NOT_FOUND = 'Client not found.';

/** The session coach's own client; a client known only through received assessments is read-only (spec §4.7). */
export function ownClient<K extends OperationId>(ctx: Ctx<K>, clientUuid: string): ClientRecord {
  const coach = sessionCoach(ctx);
  const client = ctx.store.clients.get(clientUuid);
  if (client && client.coachUuid === coach.uuid) return client;
  if (client && clientAssessments(ctx.store, client.uuid).some((a) => isReceivedBy(ctx.store, a.uuid, coach.uuid))) {
    throw badRequest(RECEIVED_SELECTION_REFUSED);
  }
  throw badRequest(CLIENT_NOT_FOUND);
}

export const clientHandlers: Handlers = {
  createClient: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const problem = checkNewClient(ctx.body);
    if (problem) throw badRequest(problem);
    const emails = ownClients(ctx.store, coach.uuid).map((client) => client.email);
    if (isDuplicateClient(ctx.body.email, emails)) throw badRequest(DUPLICATE_CLIENT);
    return { uuid: createClientRecord(ctx.store, coach.uuid, ctx.body, ctx.clock.now()).uuid };
  },

  updateClient: (ctx) => {
    const session = requireSession(ctx);
    const client = ownClient(ctx, ctx.params.clientId);
    const { name, surname, email, company, otherData } = ctx.body;
    if (email !== undefined && !isValidEmail(email)) throw badRequest('Please provide a valid email address.');
    const otherProblem = checkOtherData(otherData);
    if (otherProblem) throw badRequest(otherProblem);
    const identityChanges =
      (name !== undefined && name.trim() !== client.name) ||
      (surname !== undefined && surname.trim() !== client.surname) ||
      (email !== undefined && email.trim().toLowerCase() !== client.email.toLowerCase());
    // spec §4.9: completed assessments fix name, surname and e-mail, except for an impersonator.
    if (identityChanges && session.impersonatorUuid === null && hasCompletedAssessment(ctx.store, client.uuid)) {
      throw badRequest(COMPLETED_CLIENT_LOCKED);
    }
    if (name !== undefined) client.name = name.trim();
    if (surname !== undefined) client.surname = surname.trim();
    if (email !== undefined) client.email = email.trim();
    if (company !== undefined) client.company = company.trim() || null;
    if (otherData !== undefined) client.otherData = otherData.trim() || null;
    return { success: true };
  },

  listClientAssessments: (ctx) => {
    const coach = sessionCoach(ctx);
    const client = ctx.store.clients.get(ctx.params.clientId);
    if (!client) throw badRequest(CLIENT_NOT_FOUND);
    const visible = clientAssessments(ctx.store, client.uuid).filter(
      (assessment) => assessment.coachUUID === coach.uuid || isReceivedBy(ctx.store, assessment.uuid, coach.uuid),
    );
    if (visible.length === 0 && client.coachUuid !== coach.uuid) throw badRequest(CLIENT_NOT_FOUND);
    return visible.map((assessment) => assessmentView(ctx.store, assessment, coach.uuid));
  },

  createClientAssessment: (ctx) => {
    const coach = sessionCoach(ctx);
    const client = ownClient(ctx, ctx.params.clientId);
    const { assessmentType, tokenType, assessmentLanguage, userCoach, reportsToAutoSend } = ctx.body;
    checkTypeAllowed(coach, assessmentType);
    const assessment = createAssessmentRecord(
      ctx.store,
      client,
      { assessmentType, tokenType, assessmentLanguage, userCoach: userCoach?.trim() || null, reportsToAutoSend: reportsToAutoSend ?? '-' },
      ctx.clock.now(),
    );
    chargeAssessment(ctx.store, assessment, client, ctx.clock.now());
    return { uuid: assessment.uuid };
  },
};
