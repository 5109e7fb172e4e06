import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { testConfig } from '../../test-support/test-server.ts';
import { isApiAnswer, payPalSources, securityHeaderSet, withStyleNonce } from './helmet.ts';

let server: FastifyInstance;
beforeAll(async () => {
  server = buildServer(testConfig());
  await server.ready();
});
afterAll(() => server.close());

const directives = (csp: string | undefined) => new Map((csp ?? '').split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('security headers', () => {
  it.each(['/coachportal/assets/missing.js', '/no-such-page'])('are sent on %s', async (url) => {
    const { headers } = await server.inject(url);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';connect-src 'self' https://www.paypal.com https://*.paypal.com;font-src 'self';" +
        "form-action 'self' https://sandbox.cardprovider.test;frame-ancestors 'none';" +
        "frame-src 'self' https://www.paypal.com https://*.paypal.com;img-src 'self' data: blob:;object-src 'none';" +
        "script-src 'self' https://www.paypal.com https://*.paypal.com;script-src-attr 'none';style-src 'self'",
    );
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('allows the self-pay providers named by the configuration, and nothing else', async () => {
    const configured = buildServer(
      testConfig({
        CARD_PROVIDER_HOSTS: 'www.cards.example, sandbox.cards.example:8443',
        PAYPAL_SDK_URL: 'https://sdk.pay.example/sdk/js',
      }),
    );
    try {
      const csp = directives((await configured.inject('/no-such-page')).headers['content-security-policy'] as string);
      expect(csp.get('form-action')).toEqual(["'self'", 'https://www.cards.example', 'https://sandbox.cards.example:8443']);
      for (const name of ['script-src', 'connect-src', 'frame-src']) {
        expect(csp.get(name)).toEqual(["'self'", 'https://sdk.pay.example', 'https://*.pay.example']);
      }
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
    } finally {
      await configured.close();
    }
  });

  it.each(['/healthz', '/readyz', '/api/session', '/api/no-such-operation?x=1'])(
    'are the JSON API set on %s: nothing loaded or framed, never stored',
    async (url) => {
      const { headers } = await server.inject(url);
      expect(headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'cache-control': 'no-store',
      });
      expect(headers['x-dns-prefetch-control']).toBeUndefined();
      expect(headers['x-powered-by']).toBeUndefined();
    },
  );

  it('tells API URLs from pages by path, not by a prefix lookalike', () => {
    expect(isApiAnswer('/api/session')).toBe(true);
    expect(isApiAnswer('/healthz?probe=1')).toBe(true);
    expect(isApiAnswer('/apis')).toBe(false);
    expect(isApiAnswer('/healthzz')).toBe(false);
    expect(isApiAnswer('/coachportal/api/x')).toBe(false);
  });

  it("sends helmet's whole default set on pages, computed once at start", async () => {
    const { headers } = await server.inject('/no-such-page');
    expect(headers).toMatchObject({
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('refuses a CSP directive computed per answer (a nonce cannot be captured once)', () => {
    expect(() =>
      securityHeaderSet({ contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/nonce/);
  });

  it('keeps a two-label SDK host exact (no wildcard over a whole top-level domain)', () => {
    expect(payPalSources('https://paypal.example/sdk/js')).toEqual(['https://paypal.example']);
  });
});

describe('payPalSources', () => {
  it('adds the subdomains of a PayPal host, none for an address', () => {
    expect(payPalSources('https://www.paypal.com/sdk/js')).toEqual(['https://www.paypal.com', 'https://*.paypal.com']);
    expect(payPalSources('http://127.0.0.1:4010/__paypal/sdk/js')).toEqual(['http://127.0.0.1:4010']);
  });
});

describe('withStyleNonce', () => {
  it('adds the nonce to style-src only', () => {
    expect(withStyleNonce("default-src 'self';script-src 'self';style-src 'self';object-src 'none'", 'abc')).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'nonce-abc';object-src 'none'",
    );
    expect(withStyleNonce("style-src 'self'", 'abc')).toBe("style-src 'self' 'nonce-abc'");
  });
});
