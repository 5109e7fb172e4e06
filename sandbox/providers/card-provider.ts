// A stand-in of the card provider's hosted payment page (ZAR self-registration, spec public-and-guest §4
// "Self-registration payment", §7): the portal auto-submits the spec's hidden fields to POST /eng/process on
// the card provider host; this page shows the item and amount with "Pay", "Pay with a declined card" and
// "Cancel" buttons. Each notifies the legacy server server-to-server at notify_url (selfpay/receive_notification/)
// with COMPLETE, FAILED or CANCELLED for custom_str1 (the checkout id), then sends the browser to return_url
// (cancel_url after Cancel). Not part of the legacy contract; never used in production.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../files/html.ts';

/** The card provider host of an in-process sandbox (config.cardProviderHost); `node sandbox/server.ts` names its own host. */
export const CARD_PROVIDER_HOST = 'sandbox.cardprovider.test';
/** The sandbox's merchant at the provider (a sandbox value, no real account behind it). */
export const CARD_PROVIDER_MERCHANT_ID = '10004002';
export const CARD_FORM_PATH = '/eng/process';
const COMPLETE_PATH = `${CARD_FORM_PATH}/complete`;
const AMOUNT = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The hosted form's fields (spec §7) the page carries on to the notification and the redirect. */
const CARRIED = [
  'receiver',
  'name_first',
  'name_last',
  'email_address',
  'return_url',
  'cancel_url',
  'notify_url',
  'custom_str1',
  'amount',
  'item_name',
  'item_description',
] as const;
type Carried = (typeof CARRIED)[number];
type Fields = Partial<Record<Carried, string>>;

const OUTCOMES = { pay: 'COMPLETE', decline: 'FAILED', cancel: 'CANCELLED' } as const;
type Outcome = keyof typeof OUTCOMES;

const isWebUrl = (value: string | undefined): value is string =>
  value !== undefined && URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

/** The first problem with the posted form, or null. */
export function formProblem(fields: Fields): string | null {
  if (fields.receiver !== CARD_PROVIDER_MERCHANT_ID) return 'receiver is not a merchant of this provider';
  if (!fields.amount || !AMOUNT.test(fields.amount) || Number(fields.amount) <= 0) return 'amount must be a positive amount in rand';
  if (!fields.item_name) return 'item_name is required';
  if (!fields.custom_str1 || !UUID.test(fields.custom_str1)) return 'custom_str1 must be the checkout id';
  for (const url of ['return_url', 'cancel_url', 'notify_url'] as const) if (!isWebUrl(fields[url])) return `${url} must be an http(s) URL`;
  return null;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<p>Card provider stand-in (sandbox): no real payment is made.</p>
${body}
</main>
</body>
</html>
`;
}

function paymentPage(fields: Fields): string {
  const hidden = CARRIED.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(fields[name] ?? '')}">`).join('\n');
  const payer = `${fields.name_first ?? ''} ${fields.name_last ?? ''}`.trim();
  return page(
    'Pay with card',
    `<h1>Pay with card</h1>
<dl>
<dt>Item</dt><dd>${escapeHtml(fields.item_name ?? '')}</dd>
${fields.item_description ? `<dt>Description</dt><dd>${escapeHtml(fields.item_description)}</dd>` : ''}
${payer ? `<dt>Payer</dt><dd>${escapeHtml(payer)}</dd>` : ''}
<dt>Amount</dt><dd>R${escapeHtml(Number(fields.amount).toFixed(2))}</dd>
</dl>
<form method="post" action="${COMPLETE_PATH}">
${hidden}
<button type="submit" name="outcome" value="pay">Pay</button>
<button type="submit" name="outcome" value="decline">Pay with a declined card</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
</form>`,
  );
}

const refuse = (reply: FastifyReply, problem: string) =>
  reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Payment request not valid', `<h1>Payment request not valid</h1><p>${escapeHtml(problem)}</p>`));

function carried(body: unknown): Fields {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(CARRIED.flatMap((name) => (typeof source[name] === 'string' ? [[name, source[name]]] : [])));
}

export function registerCardProvider(app: FastifyInstance, config: { publicUrl: string }): void {
  app.post(CARD_FORM_PATH, async (request, reply) => {
    const fields = carried(request.body);
    const problem = formProblem(fields);
    if (problem) return refuse(reply, problem);
    return reply.type('text/html; charset=utf-8').send(paymentPage(fields));
  });

  app.post(COMPLETE_PATH, async (request, reply) => {
    const fields = carried(request.body);
    const outcome = (request.body as Record<string, unknown> | undefined)?.outcome as Outcome | undefined;
    const problem = formProblem(fields) ?? (outcome && outcome in OUTCOMES ? null : 'outcome must be pay, decline or cancel');
    if (problem || !outcome) return refuse(reply, problem ?? 'outcome is required');
    const values = {
      custom_str1: fields.custom_str1,
      payment_status: OUTCOMES[outcome],
      amount_gross: Number(fields.amount).toFixed(2),
      pf_payment_id: String(randomInt(1_000_000, 10_000_000)),
      name_first: fields.name_first,
      name_last: fields.name_last,
      email_address: fields.email_address,
      item_name: fields.item_name,
      merchant_id: fields.receiver,
    };
    const notification = new URLSearchParams(
      Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    const status = await notify(app, config, fields.notify_url ?? '', notification);
    if (status !== 200) request.log.warn({ status, notifyUrl: fields.notify_url }, 'the payment notification was not accepted');
    return reply.redirect(outcome === 'cancel' ? (fields.cancel_url ?? '') : (fields.return_url ?? ''), 303);
  });
}

/** The provider's server-to-server notification: to this sandbox in-process when notify_url is its own, else over HTTP. */
async function notify(app: FastifyInstance, config: { publicUrl: string }, notifyUrl: string, body: string): Promise<number> {
  const url = new URL(notifyUrl);
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  if (url.origin === new URL(config.publicUrl).origin) {
    return (await app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers, payload: body })).statusCode;
  }
  return (await fetch(url, { method: 'POST', headers, body })).status;
}
