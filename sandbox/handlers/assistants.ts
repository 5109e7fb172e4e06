// Assistants who act for a coach: list, add, edit, block and unblock (spec coach-shell §2.12, §3, §4, §5, §8).
import { randomBytes, randomUUID } from 'node:crypto';
import { legacyDateTime } from '../domain/dates.ts';
import { checkAssistant } from '../domain/validation.ts';
import type { AssistantRecord, CoachRecord } from '../state/model.ts';
import { addAssistant, assistantByEmail, coachByEmail, type Store, setAssistantEmail } from '../state/store.ts';
import { requireOwnCoach } from './access.ts';
import type { Handlers } from './context.ts';
import { badRequest, type Ctx, type OperationId } from './context.ts';
import { EMAIL_IN_USE } from './profile.ts';

export const ASSISTANT_ADDED = 'Your assistant has been added and will receive an e-mail to set a password.';
const RESET_CODE_MINUTES = 7 * 24 * 60;

/** spec coach-shell §2.12: the Assistants section is hidden while an assistant is signed in. */
function coachManagingAssistants<K extends OperationId>(ctx: Ctx<K>, coachId: string): CoachRecord {
  const coach = requireOwnCoach(ctx, coachId);
  if (ctx.session?.assistantUuid) throw badRequest('An assistant cannot manage assistants.');
  return coach;
}

function ownAssistant(store: Store, coach: CoachRecord, assistantId: string): AssistantRecord {
  const assistant = store.assistants.get(assistantId);
  if (!assistant || assistant.coachUuid !== coach.uuid) throw badRequest('Assistant not found.');
  return assistant;
}

const emailTaken = (store: Store, email: string, self?: AssistantRecord): boolean => {
  const assistant = assistantByEmail(store, email);
  return coachByEmail(store, email) !== undefined || (assistant !== undefined && assistant !== self);
};

export const assistantHandlers: Handlers = {
  listAssistants: (ctx) => {
    const coach = coachManagingAssistants(ctx, ctx.params.coachId);
    const assistants = [...ctx.store.assistants.values()]
      .filter((assistant) => assistant.coachUuid === coach.uuid)
      .map(({ uuid, name, surname, email, isBlocked }) => ({ uuid, name, surname, email, isBlocked }));
    return { assistants };
  },

  requestNewAssistant: (ctx) => {
    const coach = coachManagingAssistants(ctx, ctx.params.coachId);
    const { body, store, clock, config } = ctx;
    const problem = checkAssistant(body);
    if (problem) return { success: false, error: problem };
    if (emailTaken(store, body.email)) return { success: false, error: EMAIL_IN_USE };
    const assistant: AssistantRecord = {
      uuid: randomUUID(),
      coachUuid: coach.uuid,
      name: body.name.trim(),
      surname: body.surname.trim(),
      email: body.email.trim(),
      // Unusable until the assistant sets one through the e-mailed link.
      password: randomBytes(24).toString('hex'),
      isBlocked: false,
    };
    addAssistant(store, assistant);
    const code = randomBytes(10).toString('hex');
    store.resetCodes.set(code, { code, email: assistant.email, expiresAt: clock.now() + RESET_CODE_MINUTES * 60_000 });
    store.outbox.push({
      to: assistant.email,
      subject: `${coach.name} ${coach.surname} added you as an assistant`,
      body: `<p>Please set your password: ${config.publicUrl}/coachportal/resetpassword?code=${code}</p>`,
      sentAt: legacyDateTime(new Date(clock.now())),
    });
    return { success: true, message: ASSISTANT_ADDED };
  },

  editAssistant: (ctx) => {
    const coach = coachManagingAssistants(ctx, ctx.params.coachId);
    const { body, store } = ctx;
    const assistant = ownAssistant(store, coach, ctx.params.assistantId);
    const problem = checkAssistant(body);
    if (problem) throw badRequest(problem);
    if (emailTaken(store, body.email, assistant)) throw badRequest(EMAIL_IN_USE);
    assistant.name = body.name.trim();
    assistant.surname = body.surname.trim();
    if (body.email.trim() !== assistant.email) setAssistantEmail(store, assistant, body.email.trim());
    return { success: true };
  },

  setAssistantBlocked: (ctx) => {
    const coach = coachManagingAssistants(ctx, ctx.params.coachId);
    const assistant = ownAssistant(ctx.store, coach, ctx.params.assistantId);
    assistant.isBlocked = ctx.params.action === 'block';
    // A blocked assistant's open sessions end with the block.
    if (assistant.isBlocked) {
      for (const [id, session] of ctx.store.sessions) if (session.assistantUuid === assistant.uuid) ctx.store.sessions.delete(id);
    }
    return undefined;
  },
};
