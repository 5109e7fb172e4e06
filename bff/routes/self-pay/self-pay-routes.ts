// Handlers of the self-pay operations (openapi/bff.yaml, tag `public`); the mapping is in self-pay-service.ts.
import type { FastifyInstance } from 'fastify';
import { Agent } from 'undici';
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import { type CheckoutStore, MemoryCheckoutStore, RedisCheckoutStore } from './checkout-store.ts';
import { createPayPalClient } from './paypal-client.ts';
import {
  capturePayPalOrder,
  checkoutStatus,
  createCheckout,
  createPayPalOrder,
  type SelfPayDeps,
  type SelfPaySettings,
  selfRegistration,
} from './self-pay-service.ts';

type SelfPayOperations = 'getSelfRegistration' | 'createCheckout' | 'getCheckout' | 'createPayPalOrder' | 'capturePayPalOrder';

export interface SelfPayOptions extends SelfPaySettings {
  payPalApiUrl: string;
  payPalClientSecret: string | undefined;
  timeoutMs: number;
  /** Replaces the store chosen from `fastify.redis` (tests). */
  checkouts?: CheckoutStore | undefined;
}

export function selfPayRoutes(fastify: FastifyInstance, options: SelfPayOptions): Pick<OperationHandlers, SelfPayOperations> {
  // PayPal gets its own keep-alive pool, closed with the app.
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 32, connect: { timeout: 5_000 } });
  fastify.addHook('onClose', () => agent.close());
  const { allowedOrigins, cardProviderOrigins, payPalSdkUrl } = options;
  const deps: SelfPayDeps = {
    settings: { allowedOrigins, cardProviderOrigins, payPalSdkUrl },
    // In Redis when there is one, so any instance behind the balancer can serve the PayPal and status calls.
    checkouts: options.checkouts ?? (fastify.redis ? new RedisCheckoutStore(fastify.redis) : new MemoryCheckoutStore()),
    payPal: createPayPalClient({
      apiUrl: options.payPalApiUrl,
      clientSecret: options.payPalClientSecret,
      agent,
      timeoutMs: options.timeoutMs,
    }),
  };
  return {
    // A malformed coach segment answers invalid_link, not validation_failed (spec public-and-guest §2).
    getSelfRegistration: { attachValidation: true, handler: async (request) => selfRegistration(request, request.params.coachUuid) },
    // The form's own messages (missing details, e-mail) come before validation_failed.
    createCheckout: {
      attachValidation: true,
      handler: async (request, reply) => reply.code(201).send(await createCheckout(request, request.params.coachUuid, deps)),
    },
    getCheckout: async (request) => checkoutStatus(request, request.params.checkoutId, request.query.cancelled === true, deps),
    createPayPalOrder: async (request, reply) =>
      reply.code(201).send(await createPayPalOrder(request, reply, request.params.checkoutId, deps)),
    capturePayPalOrder: async (request) => capturePayPalOrder(request, request.params.checkoutId, request.body.orderId, deps),
  };
}
