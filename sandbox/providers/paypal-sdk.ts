// The PayPal JS SDK stand-in (paypal-sdk.js) and the buyer's approval it plays: GET /__paypal/sdk/js and
// POST /__paypal/sdk/orders/{orderId}/approve. The page that loads the script runs on the portal's origin,
// so both answer any origin (CORS). The approval takes a form body, which needs no preflight unless the
// page adds headers of its own (browser tests add X-Forwarded-For): the preflight is answered too.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Store } from '../state/store.ts';
import { PAYPAL_CLIENT_ID, PAYPAL_PREFIX, payPalId } from './paypal-api.ts';

export const PAYPAL_SDK_PATH = `${PAYPAL_PREFIX}/sdk/js`;
const SDK_SOURCE = readFileSync(new URL('./paypal-sdk.js', import.meta.url), 'utf8');
const KNOWN_CLIENTS: ReadonlySet<string> = new Set([PAYPAL_CLIENT_ID]);

const anyOrigin = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*');

export function registerPayPalSdk(app: FastifyInstance, store: Store): void {
  app.get<{ Querystring: Record<string, string | undefined> }>(PAYPAL_SDK_PATH, async (request, reply) => {
    anyOrigin(reply).type('application/javascript; charset=utf-8').header('cache-control', 'no-store');
    const clientId = request.query['client-id'];
    // The real SDK answers a script that throws for a missing or unknown client id.
    if (!clientId) return reply.code(400).send(`throw new Error("SDK Validation error: 'Expected client-id to be passed'");\n`);
    if (!KNOWN_CLIENTS.has(clientId)) {
      return reply
        .code(400)
        .send(`throw new Error("SDK Validation error: 'Invalid query value for client-id: ${clientId.replace(/[^\w-]/g, '')}'");\n`);
    }
    return SDK_SOURCE;
  });

  app.options(`${PAYPAL_PREFIX}/sdk/orders/:orderId/approve`, async (request, reply) => {
    const headers = request.headers['access-control-request-headers'];
    anyOrigin(reply)
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', typeof headers === 'string' ? headers : '')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });

  app.post<{ Params: { orderId: string }; Body: Record<string, string | undefined> | undefined }>(
    `${PAYPAL_PREFIX}/sdk/orders/:orderId/approve`,
    async (request, reply) => {
      anyOrigin(reply);
      const order = store.payPalOrders.get(request.params.orderId);
      const body = request.body ?? {};
      if (!order || order.clientId !== body['client-id']) {
        return reply.code(404).send({ name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
      }
      if (order.status === 'COMPLETED') {
        return reply.code(422).send({ name: 'UNPROCESSABLE_ENTITY', message: 'ORDER_ALREADY_CAPTURED' });
      }
      if (order.status === 'CREATED') {
        order.status = 'APPROVED';
        order.payerId = payPalId(13);
        order.declined = body.funding === 'declined-card';
      }
      return { orderID: order.id, payerID: order.payerId, status: order.status };
    },
  );
}
