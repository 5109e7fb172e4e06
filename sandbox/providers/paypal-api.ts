// A minimal, faithful stand-in of the PayPal REST endpoints the BFF calls (bff/routes/self-pay/paypal-client.ts),
// under /__paypal so that self-registration with a non-ZAR coach works offline: an OAuth client-credentials
// token, then Orders v2 create (PayPal-Request-Id idempotency, Prefer return=minimal) and read. Answer and
// error shapes follow developer.paypal.com (Orders v2, Authentication). Not part of the legacy contract.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { legacyDateTime } from '../domain/dates.ts';
import type { PayPalOrderRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';

export const PAYPAL_PREFIX = '/__paypal';
/** The sandbox's PayPal REST app: selfpay/init names the client id; the BFF's PAYPAL_CLIENT_SECRET is the secret. */
export const PAYPAL_CLIENT_ID = 'sandbox-paypal-client-id';
export const PAYPAL_CLIENT_SECRET = 'sandbox-paypal-secret';
/** PayPal's access tokens live 9 hours. */
const TOKEN_SECONDS = 32_400;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const AMOUNT = /^[0-9]{1,10}(\.[0-9]{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/** The sandbox's PayPal apps: client id → secret. */
const APPS: ReadonlyMap<string, string> = new Map([[PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET]]);

/** A PayPal-style id: 17 upper-case letters and digits (orders, captures, payers). */
export function payPalId(length = 17): string {
  return [...randomBytes(length)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

const authenticationFailure = (reply: FastifyReply) =>
  reply.code(401).send({
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    links: [{ href: 'https://developer.paypal.com/api/rest/authentication/', rel: 'information_link' }],
  });

const invalidRequest = (reply: FastifyReply, field: string, issue: string, description: string) =>
  reply.code(400).send({
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    details: [{ field, location: 'body', issue, description }],
  });

export function orderLinks(baseUrl: string, order: Pick<PayPalOrderRecord, 'id' | 'status'>) {
  const self = `${baseUrl}${PAYPAL_PREFIX}/v2/checkout/orders/${order.id}`;
  return [
    { href: self, rel: 'self', method: 'GET' },
    ...(order.status === 'CREATED'
      ? [{ href: `${baseUrl}${PAYPAL_PREFIX}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }]
      : []),
    ...(order.status === 'APPROVED' ? [{ href: `${self}/capture`, rel: 'capture', method: 'POST' }] : []),
  ];
}

function orderRepresentation(baseUrl: string, order: PayPalOrderRecord) {
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    purchase_units: [
      {
        reference_id: 'default',
        amount: order.amount,
        ...(order.customId !== null && { custom_id: order.customId }),
        ...(order.captureId !== null && {
          payments: { captures: [{ id: order.captureId, status: 'COMPLETED', amount: order.amount }] },
        }),
      },
    ],
    ...(order.payerId !== null && { payer: { payer_id: order.payerId } }),
    create_time: `${order.createdAt.replace(' ', 'T')}Z`,
    links: orderLinks(baseUrl, order),
  };
}

/** The client id of a valid `Bearer` token, or undefined. */
function bearerClient(store: Store, request: FastifyRequest, now: number): string | undefined {
  const [scheme, token] = String(request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || !token) return undefined;
  const known = store.payPalTokens.get(token);
  if (!known || known.expiresAt <= now) return undefined;
  return known.clientId;
}

interface OrderBody {
  intent?: unknown;
  purchase_units?: { custom_id?: unknown; amount?: { currency_code?: unknown; value?: unknown } }[];
}

export function registerPayPalApi(app: FastifyInstance, store: Store, clock: { now(): number }, config: { publicUrl: string }): void {
  app.post(`${PAYPAL_PREFIX}/v1/oauth2/token`, async (request, reply) => {
    const [scheme, encoded] = String(request.headers.authorization ?? '').split(' ');
    const [clientId = '', secret] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (scheme !== 'Basic' || APPS.get(clientId) !== secret) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    store.payPalTokens.set(token, { clientId, expiresAt: clock.now() + TOKEN_SECONDS * 1000 });
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_SECONDS,
      nonce: `${new Date(clock.now()).toISOString()}${randomBytes(8).toString('hex')}`,
    };
  });

  app.post(`${PAYPAL_PREFIX}/v2/checkout/orders`, async (request, reply) => {
    const clientId = bearerClient(store, request, clock.now());
    if (!clientId) return authenticationFailure(reply);
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : null;
    const minimal = String(request.headers.prefer ?? 'return=minimal') !== 'return=representation';
    const answer = (order: PayPalOrderRecord) =>
      minimal
        ? { id: order.id, status: order.status, links: orderLinks(config.publicUrl, order) }
        : orderRepresentation(config.publicUrl, order);
    // The same PayPal-Request-Id answers the order it created, not a new one.
    const repeated = [...store.payPalOrders.values()].find(
      (order) => requestId !== null && order.requestId === requestId && order.clientId === clientId,
    );
    if (repeated) return reply.code(200).send(answer(repeated));

    const body = (request.body ?? {}) as OrderBody;
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      return invalidRequest(reply, '/intent', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE.');
    const unit = Array.isArray(body.purchase_units) && body.purchase_units.length === 1 ? body.purchase_units[0] : undefined;
    if (!unit) return invalidRequest(reply, '/purchase_units', 'INVALID_ARRAY_LENGTH', 'The stand-in takes exactly one purchase unit.');
    const { currency_code: currency, value } = unit.amount ?? {};
    if (typeof currency !== 'string' || !CURRENCY.test(currency)) {
      return invalidRequest(
        reply,
        "/purchase_units/@reference_id=='default'/amount/currency_code",
        'INVALID_PARAMETER_VALUE',
        'A three-letter currency code is required.',
      );
    }
    if (typeof value !== 'string' || !AMOUNT.test(value)) {
      return invalidRequest(
        reply,
        "/purchase_units/@reference_id=='default'/amount/value",
        'INVALID_PARAMETER_SYNTAX',
        'The amount is a decimal string with up to two places.',
      );
    }
    if (unit.custom_id !== undefined && (typeof unit.custom_id !== 'string' || unit.custom_id.length > 127)) {
      return invalidRequest(
        reply,
        "/purchase_units/@reference_id=='default'/custom_id",
        'INVALID_STRING_LENGTH',
        'custom_id is a string of at most 127 characters.',
      );
    }
    const order: PayPalOrderRecord = {
      id: payPalId(),
      clientId,
      requestId,
      intent: body.intent,
      status: 'CREATED',
      customId: typeof unit.custom_id === 'string' ? unit.custom_id : null,
      amount: { currency_code: currency, value },
      declined: false,
      payerId: null,
      captureId: null,
      createdAt: legacyDateTime(new Date(clock.now())),
    };
    store.payPalOrders.set(order.id, order);
    return reply.code(201).send(answer(order));
  });

  app.get<{ Params: { orderId: string } }>(`${PAYPAL_PREFIX}/v2/checkout/orders/:orderId`, async (request, reply) => {
    const clientId = bearerClient(store, request, clock.now());
    if (!clientId) return authenticationFailure(reply);
    const order = store.payPalOrders.get(request.params.orderId);
    if (!order || order.clientId !== clientId) {
      return reply.code(404).send({
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        details: [
          {
            issue: 'INVALID_RESOURCE_ID',
            description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
          },
        ],
      });
    }
    return orderRepresentation(config.publicUrl, order);
  });
}
