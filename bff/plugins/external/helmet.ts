// Security headers for a same-origin single-page app and its JSON API. The only other origins the
// page may use are self-pay's (spec public-and-guest §4 "Self-registration payment", §9): the card
// provider's hosted form (form-action) and the PayPal buttons (script, connect, frame), from config.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  selfPay?: { cardProviderHosts: readonly string[]; payPalSdkUrl: string } | undefined;
}

/** The PayPal SDK's origin and its domain's subdomains (the buttons frame www.paypal.com or www.sandbox.paypal.com). */
export function payPalSources(sdkUrl: string): string[] {
  const { origin, hostname } = new URL(sdkUrl);
  const labels = hostname.split('.');
  return labels.length > 2 ? [origin, `https://*.${labels.slice(1).join('.')}`] : [origin];
}

async function securityHeaders(fastify: FastifyInstance, { selfPay }: SecurityHeadersOptions) {
  const cardForms = (selfPay?.cardProviderHosts ?? []).map((host) => `https://${host}`);
  const payPal = selfPay ? payPalSources(selfPay.payPalSdkUrl) : [];
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'", ...payPal],
        fontSrc: ["'self'"],
        formAction: ["'self'", ...cardForms],
        frameAncestors: ["'none'"],
        ...(payPal.length > 0 && { frameSrc: ["'self'", ...payPal] }),
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...payPal],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    frameguard: { action: 'deny' },
    // Guest and reset links carry tokens in their URLs: never leak them to other sites.
    referrerPolicy: { policy: 'no-referrer' },
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
