// `fastify.selfPay`: what self-registration payments need besides the legacy API: the checkout store (in
// Redis when there is one, so any instance behind the balancer serves the PayPal and status calls) and
// the BFF's own PayPal client with its keep-alive pool, closed with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Agent } from 'undici';
import { type CheckoutStore, MemoryCheckoutStore, RedisCheckoutStore } from '../../self-pay/checkout-store.ts';
import { createPayPalClient, type PayPalClient } from '../../self-pay/paypal-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    selfPay: SelfPayDeps;
  }
}

export interface SelfPaySettings {
  /** The portal's origins: the card provider's return and cancel addresses point to one of them. */
  allowedOrigins: readonly string[];
  /** Origins the card form may be posted to (the page's CSP form-action allows exactly these). */
  cardProviderOrigins: readonly string[];
  payPalSdkUrl: string;
}

export interface SelfPayDeps {
  settings: SelfPaySettings;
  checkouts: CheckoutStore;
  payPal: PayPalClient;
}

export interface SelfPayOptions extends SelfPaySettings {
  payPalApiUrl: string;
  payPalClientSecret: string | undefined;
  timeoutMs: number;
}

async function selfPay(fastify: FastifyInstance, options: SelfPayOptions) {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 32, connect: { timeout: 5_000 } });
  fastify.addHook('onClose', () => agent.close());
  const { allowedOrigins, cardProviderOrigins, payPalSdkUrl } = options;
  fastify.decorate('selfPay', {
    settings: { allowedOrigins, cardProviderOrigins, payPalSdkUrl },
    checkouts: fastify.redis ? new RedisCheckoutStore(fastify.redis) : new MemoryCheckoutStore(),
    payPal: createPayPalClient({
      apiUrl: options.payPalApiUrl,
      clientSecret: options.payPalClientSecret,
      agent,
      timeoutMs: options.timeoutMs,
    }),
  });
}

export default fp(selfPay, { name: 'self-pay', dependencies: ['redis'] });
