// Security headers for a same-origin single-page app and its JSON API. The only other origins the
// page may use are self-pay's (spec public-and-guest §4 "Self-registration payment", §9): the card
// provider's hosted form (form-action) and the PayPal buttons (script, connect, frame), from config.
// The JSON API's answers (/api/…, /healthz, /readyz) are never rendered as a page: they get the short
// set OWASP recommends for APIs (nothing may be loaded or framed, no-store: they carry personal data).
// helmet computes both sets once, at start (they depend only on the configuration); one hook sets
// one of them on every answer (@fastify/helmet would rebuild helmet's middleware on every request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  selfPay?: { cardProviderOrigins: readonly string[]; payPalSdkUrl: string } | undefined;
}

/** The PayPal SDK's origin and its domain's subdomains (the buttons frame www.paypal.com or www.sandbox.paypal.com). */
export function payPalSources(sdkUrl: string): string[] {
  const { origin, hostname } = new URL(sdkUrl);
  const labels = hostname.split('.');
  // An address (the sandbox's stand-in on 127.0.0.1) has no subdomains.
  return labels.length > 2 && isIP(hostname) === 0 ? [origin, `https://*.${labels.slice(1).join('.')}`] : [origin];
}

async function securityHeaders(fastify: FastifyInstance, { selfPay }: SecurityHeadersOptions) {
  const cardForms = selfPay?.cardProviderOrigins ?? [];
  const payPal = selfPay ? payPalSources(selfPay.payPalSdkUrl) : [];
  const headers = securityHeaderSet({
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
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_HEADERS : headers);
    done();
  });
}

const API_PATH = /^\/(?:api\/|(?:healthz|readyz)(?:\?|$))/;

/** Whether the answer to this URL is the JSON API's (or a download from it), never a page. */
export function isApiAnswer(url: string): boolean {
  return API_PATH.test(url);
}

export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...securityHeaderSet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }),
  'cache-control': 'no-store',
});

/**
 * The policy with a nonce added to style-src, for the page itself (index.html): react-aria inserts a
 * few <style> elements (press and scroll-lock rules) and marks them with the nonce it finds in
 * <meta name="csp-nonce">. Scripts stay 'self' only.
 */
export function withStyleNonce(policy: string, nonce: string): string {
  return policy.replace(/(^|;)(\s*style-src [^;]*)/, `$1$2 'nonce-${nonce}'`);
}

/** The headers helmet sets for these options, captured once. No directive may be a function (nonces): those differ per answer. */
export function securityHeaderSet(options: HelmetOptions): Readonly<Record<string, string>> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.some((values) => values && typeof values === 'object' && [...values].some((value) => typeof value === 'function'))) {
    throw new Error('securityHeaderSet: a CSP directive computed per answer (a nonce) cannot be captured once');
  }
  const headers: Record<string, string> = {};
  const capture = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

export default fp(securityHeaders, { name: 'security-headers' });
