// The e-mails the sandbox "sends" (reset-password and set-password links, report e-mails, order confirmations,
// self-registration mails) as a sandbox-only control: GET /__sandbox/outbox?to=<email> answers the messages sent
// to that address, newest first, so a browser test can follow a link it was e-mailed. Not part of the legacy
// contract; always on (a test and demo affordance like impersonation, not a fault); never used in production.
import type { FastifyInstance } from 'fastify';
import type { OutboxEmail } from '../state/model.ts';
import type { Store } from '../state/store.ts';

export const OUTBOX_PATH = '/__sandbox/outbox';

/** One sent e-mail as the control answers it: the outbox record plus the http(s) links found in its body. */
export interface OutboxMessage extends OutboxEmail {
  links: string[];
}

export interface OutboxAnswer {
  to: string;
  messages: OutboxMessage[];
}

// A URL ends at white space, a quote or a tag (the set-password e-mail is HTML).
const LINK = /https?:\/\/[^\s"'<>]+/g;

/** The messages sent to `to` (case-insensitive, as sign-in matches e-mails), newest first. */
export function outboxFor(store: Store, to: string): OutboxMessage[] {
  const address = to.trim().toLowerCase();
  // The outbox is append-only in sending order; sentAt is not sortable (handlers write ISO and legacy formats).
  return store.outbox
    .filter((email) => email.to.toLowerCase() === address)
    .reverse()
    .map((email) => ({ ...email, links: email.body.match(LINK) ?? [] }));
}

export function registerOutbox(app: FastifyInstance, store: Store): void {
  app.get<{ Querystring: { to?: string } }>(OUTBOX_PATH, async (request, reply) => {
    const to = request.query.to;
    if (typeof to !== 'string' || to.trim() === '') return reply.code(400).send({ error: { info: 'to must name an e-mail address.' } });
    const answer: OutboxAnswer = { to, messages: outboxFor(store, to) };
    return answer;
  });
}
