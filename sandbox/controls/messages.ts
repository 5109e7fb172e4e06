// A message for a coach to acknowledge, as a sandbox-only control (spec coach-shell §2.3): POST /__sandbox/messages
// { coachEmail, subject, body } adds an unread message that the coach's dashboard lists among the messages to
// acknowledge until the coach acknowledges it. A browser test can then show (and acknowledge) the dashboard's alert
// modal without depending on what other tests have read. Not part of the legacy contract; always on; never used in
// production.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { legacyDateTime } from '../domain/dates.ts';
import type { Clock } from '../handlers/context.ts';
import { coachByEmail, type Store } from '../state/store.ts';

export const MESSAGES_PATH = '/__sandbox/messages';
const TEXT_MAX = 10_000;

interface MessageBody {
  coachEmail?: unknown;
  subject?: unknown;
  body?: unknown;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= TEXT_MAX;

export function registerMessages(app: FastifyInstance, store: Store, clock: Clock): void {
  app.post<{ Body: MessageBody }>(MESSAGES_PATH, async (request, reply) => {
    const { coachEmail, subject, body } = request.body ?? {};
    const coach = typeof coachEmail === 'string' ? coachByEmail(store, coachEmail) : undefined;
    if (!coach) return reply.code(400).send({ error: { info: 'coachEmail must name a seeded coach.' } });
    if (!isText(subject) || !isText(body)) return reply.code(400).send({ error: { info: 'subject and body are required text.' } });
    store.messages.push({
      uuid: randomUUID(),
      coachUuid: coach.uuid,
      subject,
      body,
      updatedAt: legacyDateTime(new Date(clock.now())),
      acknowledged: false,
      needsAck: true,
    });
    return reply.code(204).send();
  });
}
