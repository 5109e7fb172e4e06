import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET_A = 'a'.repeat(32);
const SECRET_B = 'b'.repeat(40);
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRETS: SECRET_A,
  LEGACY_API_URL: 'https://legacy.example.com',
  ALLOWED_ORIGINS: 'https://portal.example.com',
  MINI_ACCESS_KEY: 'mini-access-production',
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  const config = loadConfig({});

  it('uses the documented defaults', () => {
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      logLevel: 'info',
      legacyApiUrl: 'http://127.0.0.1:4010',
      redisUrl: undefined,
      trustProxy: [],
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      upstream: { timeoutMs: 15_000 },
      batch: { concurrency: 4, itemTimeoutMs: 30_000 },
      updates: { intervalSeconds: 120 },
      session: { idleTimeoutMs: 30 * 60_000, absoluteTimeoutMs: 8 * 3_600_000 },
      rateLimit: { max: 300, windowMs: 60_000, strictMax: 10, strictWindowMs: 60_000, publicMissesMax: 20 },
      shutdownTimeoutMs: 10_000,
    });
  });

  it('generates a random session secret with a warning outside production', () => {
    expect(config.sessionSecrets).toHaveLength(1);
    expect(config.sessionSecrets[0]?.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).sessionSecrets[0]).not.toBe(config.sessionSecrets[0]);
    expect(config.warnings).toEqual([expect.stringContaining('SESSION_SECRETS is not set')]);
  });

  it("adds the sandbox's mini-assessment access key and serves web/dist of this repository", () => {
    expect(config.miniAccessKey).toBe('coachportal-sandbox-mini');
    expect(config.webDistDir).toBe(fileURLToPath(new URL('../web/dist', import.meta.url)));
  });

  it('serves no metrics unless METRICS_PORT is set, and then on loopback unless METRICS_HOST says otherwise', () => {
    expect(config.metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must not be PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port number from 0 to 65535/);
  });

  it('returns a deeply frozen object', () => {
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.session)).toBe(true);
    expect(Object.isFrozen(config.sessionSecrets)).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: ' ' })).toMatchObject({ port: 3000, redisUrl: undefined });
  });
});

describe('loadConfig values', () => {
  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '0.0.0.0',
      PORT: '8080',
      LOG_LEVEL: 'warn',
      LEGACY_API_URL: 'https://legacy.example.com/base',
      SESSION_SECRETS: `${SECRET_A}, ${SECRET_B}`,
      REDIS_URL: 'redis://:pw@127.0.0.1:6379/2',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback',
      ALLOWED_ORIGINS: 'https://portal.example.com,http://localhost:5173',
      UPSTREAM_TIMEOUT_MS: '5000',
      BATCH_CONCURRENCY: '8',
      BATCH_ITEM_TIMEOUT_MS: '60000',
      SNAPSHOT_TTL_MS: '45000',
      SNAPSHOT_MAX_ROWS: '200000',
      SNAPSHOT_MAX_COACHES: '300',
      UPDATES_INTERVAL_SECONDS: '15',
      SESSION_IDLE_TIMEOUT_MS: '600000',
      SESSION_ABSOLUTE_TIMEOUT_MS: '3600000',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_WINDOW_MS: '30000',
      RATE_LIMIT_STRICT_MAX: '3',
      RATE_LIMIT_STRICT_WINDOW_MS: '900000',
      SHUTDOWN_TIMEOUT_MS: '0',
      HTTP_HEADERS_TIMEOUT_MS: '4000',
      HTTP_REQUEST_TIMEOUT_MS: '30000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_MAX_REQUESTS_PER_SOCKET: '100',
      HTTP_MAX_CONNECTIONS: '500',
      SUPPORT_EMAIL: 'help@example.com',
      ADMIN_COACHES_URL: 'https://admin.example.com/coaches',
      RATE_LIMIT_PUBLIC_MISSES_MAX: '50',
      PORTAL_VERSION: '20260101t090000',
      CARD_PROVIDER_HOSTS: 'www.cards.example',
      PAYPAL_API_URL: 'https://paypal.example',
      PAYPAL_CLIENT_SECRET: 'paypal-secret-1',
      PAYPAL_SDK_URL: 'https://www.paypal.example/sdk/js',
      MINI_ACCESS_KEY: 'mini-key-1',
      WEB_DIST_DIR: '/srv/portal/web',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    });
    expect(config).toEqual({
      env: 'test',
      host: '0.0.0.0',
      port: 8080,
      logLevel: 'warn',
      legacyApiUrl: 'https://legacy.example.com/base',
      sessionSecrets: [SECRET_A, SECRET_B],
      redisUrl: 'redis://:pw@127.0.0.1:6379/2',
      trustProxy: ['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
      allowedOrigins: ['https://portal.example.com', 'http://localhost:5173'],
      upstream: { timeoutMs: 5000 },
      batch: { concurrency: 8, itemTimeoutMs: 60_000 },
      snapshots: { ttlMs: 45_000, maxCoaches: 300, maxRows: 200_000 },
      updates: { intervalSeconds: 15 },
      session: { idleTimeoutMs: 600_000, absoluteTimeoutMs: 3_600_000 },
      rateLimit: { max: 100, windowMs: 30_000, strictMax: 3, strictWindowMs: 900_000, publicMissesMax: 50 },
      shutdownTimeoutMs: 0,
      http: { headersTimeoutMs: 4000, requestTimeoutMs: 30000, keepAliveTimeoutMs: 65000, maxRequestsPerSocket: 100, maxConnections: 500 },
      supportEmail: 'help@example.com',
      adminCoachesUrl: 'https://admin.example.com/coaches',
      portalVersion: '20260101t090000',
      selfPay: {
        cardProviderOrigins: ['https://www.cards.example'],
        payPalApiUrl: 'https://paypal.example',
        payPalClientSecret: 'paypal-secret-1',
        payPalSdkUrl: 'https://www.paypal.example/sdk/js',
      },
      miniAccessKey: 'mini-key-1',
      metrics: { port: 9464, host: '0.0.0.0' },
      webDistDir: '/srv/portal/web',
      warnings: [],
    });
  });

  it('refuses a support address or portal version of the wrong shape', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody', PORTAL_VERSION: '2026' })).toThrow(
      /SUPPORT_EMAIL must be an e-mail address[\s\S]*PORTAL_VERSION must be a version stamp/,
    );
  });

  it("sends an impersonator back to /admin/coaches, or to the admin application's address", () => {
    expect(loadConfig({}).adminCoachesUrl).toBe('/admin/coaches');
    expect(loadConfig({ ADMIN_COACHES_URL: 'https://admin.coachportal.example/coaches' }).adminCoachesUrl).toBe(
      'https://admin.coachportal.example/coaches',
    );
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', SOMETHING: 'x' }).port).toBe(3000);
  });
});

describe('loadConfig errors', () => {
  it.each([
    ['PORT', 'abc', 'PORT must be a port number from 0 to 65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be a port number from 0 to 65535 (got "70000")'],
    ['PORT', '30.5', 'PORT must be a port number from 0 to 65535 (got "30.5")'],
    ['PORT', '0x10', 'PORT must be a port number from 0 to 65535 (got "0x10")'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, test, production (got "staging")'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['HOST', 'a b', 'HOST must be a host name or IP address to listen on (got "a b")'],
    ['LEGACY_API_URL', 'ftp://legacy', 'LEGACY_API_URL must be an http:// or https:// URL (got "ftp://legacy")'],
    ['LEGACY_API_URL', 'legacy.example.com', 'LEGACY_API_URL must be an http:// or https:// URL (got "legacy.example.com")'],
    ['UPSTREAM_TIMEOUT_MS', '10', 'UPSTREAM_TIMEOUT_MS must be milliseconds from 100 to 300000 (got "10")'],
    ['BATCH_CONCURRENCY', '0', 'BATCH_CONCURRENCY must be an integer from 1 to 16 (got "0")'],
    ['BATCH_ITEM_TIMEOUT_MS', '-1', 'BATCH_ITEM_TIMEOUT_MS must be milliseconds from 100 to 600000 (got "-1")'],
    ['SNAPSHOT_TTL_MS', '-5', 'SNAPSHOT_TTL_MS must be milliseconds from 0 to 300000 (got "-5")'],
    [
      'UPDATES_INTERVAL_SECONDS',
      '14',
      'UPDATES_INTERVAL_SECONDS must be seconds from 15 (the floor: every coach\'s lists are read from the legacy API once per interval) to 86400 (got "14")',
    ],
    ['SESSION_IDLE_TIMEOUT_MS', '1000', 'SESSION_IDLE_TIMEOUT_MS must be milliseconds from 60000 (1 min) to 86400000 (24 h) (got "1000")'],
    ['RATE_LIMIT_MAX', 'many', 'RATE_LIMIT_MAX must be an integer from 1 to 100000 (got "many")'],
    ['RATE_LIMIT_STRICT_WINDOW_MS', '1', 'RATE_LIMIT_STRICT_WINDOW_MS must be milliseconds from 1000 to 86400000 (got "1")'],
    ['SHUTDOWN_TIMEOUT_MS', '1h', 'SHUTDOWN_TIMEOUT_MS must be milliseconds from 0 to 300000 (got "1h")'],
    ['RATE_LIMIT_PUBLIC_MISSES_MAX', '0', 'RATE_LIMIT_PUBLIC_MISSES_MAX must be an integer from 1 to 100000 (got "0")'],
    [
      'ADMIN_COACHES_URL',
      'javascript:alert(1)',
      'ADMIN_COACHES_URL must be a path on the portal host (/admin/coaches) or an http(s) URL (got "javascript:alert(1)")',
    ],
    [
      'ADMIN_COACHES_URL',
      '//elsewhere.example',
      'ADMIN_COACHES_URL must be a path on the portal host (/admin/coaches) or an http(s) URL (got "//elsewhere.example")',
    ],
  ])('rejects %s=%s', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('never echoes a secret or a Redis password', () => {
    const problems = problemsOf({ SESSION_SECRETS: 'short-secret', REDIS_URL: 'http://:hunter2@redis' });
    expect(problems).toEqual([
      'SESSION_SECRETS must be a comma-separated list of secrets of at least 32 characters each',
      'REDIS_URL must be a redis:// or rediss:// URL',
    ]);
  });

  it('never echoes the mini-assessment access key, and wants an absolute web directory', () => {
    expect(problemsOf({ MINI_ACCESS_KEY: 'has space', WEB_DIST_DIR: 'web/dist' })).toEqual([
      'MINI_ACCESS_KEY must be the value of the legacy mini-assessment access header (1 to 500 visible ASCII characters)',
      'WEB_DIST_DIR must be an absolute directory path (got "web/dist")',
    ]);
  });

  it('rejects a session secret list with one short entry', () => {
    expect(problemsOf({ SESSION_SECRETS: `${SECRET_A},short` })).toHaveLength(1);
  });

  it.each(['true', 'TRUE', 'false', '1'])('refuses TRUST_PROXY=%s', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([expect.stringMatching(/^TRUST_PROXY must list proxy addresses or CIDR ranges/)]);
  });

  it('names each bad TRUST_PROXY entry', () => {
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1,proxy.local,10.0.0.0/33,::1/129,1.2.3.4/8/9' })).toEqual([
      'TRUST_PROXY entry "proxy.local" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
      'TRUST_PROXY entry "10.0.0.0/33" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
      'TRUST_PROXY entry "::1/129" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
      'TRUST_PROXY entry "1.2.3.4/8/9" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
    ]);
  });

  it('names each bad ALLOWED_ORIGINS entry', () => {
    expect(problemsOf({ ALLOWED_ORIGINS: 'https://ok.example.com,https://x.example.com/path,portal,ftp://x.example.com' })).toEqual([
      'ALLOWED_ORIGINS entry "https://x.example.com/path" is not an origin (scheme://host[:port], no path)',
      'ALLOWED_ORIGINS entry "portal" is not an origin (scheme://host[:port], no path)',
      'ALLOWED_ORIGINS entry "ftp://x.example.com" is not an origin (scheme://host[:port], no path)',
    ]);
  });

  it('refuses an idle timeout longer than the absolute timeout', () => {
    expect(problemsOf({ SESSION_IDLE_TIMEOUT_MS: '7200000', SESSION_ABSOLUTE_TIMEOUT_MS: '3600000' })).toEqual([
      'SESSION_IDLE_TIMEOUT_MS must not be longer than SESSION_ABSOLUTE_TIMEOUT_MS',
    ]);
  });

  it('lists every bad variable in one error', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'x', BATCH_CONCURRENCY: '99', LOG_LEVEL: 'loud', TRUST_PROXY: 'true', NODE_ENV: 'production' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as ConfigError).message;
    expect(message).toMatch(/^Invalid configuration:\n/);
    for (const name of ['PORT', 'BATCH_CONCURRENCY', 'LOG_LEVEL', 'TRUST_PROXY']) expect(message).toContain(`  - ${name} must`);
    for (const name of ['SESSION_SECRETS', 'LEGACY_API_URL', 'ALLOWED_ORIGINS'])
      expect(message).toContain(`  - ${name} is required in production`);
  });

  it('does not compare the session timeouts when one of them is invalid', () => {
    expect(problemsOf({ SESSION_IDLE_TIMEOUT_MS: 'x', SESSION_ABSOLUTE_TIMEOUT_MS: '60000' })).toEqual([
      'SESSION_IDLE_TIMEOUT_MS must be milliseconds from 60000 (1 min) to 86400000 (24 h) (got "x")',
    ]);
  });
});

describe('loadConfig in production', () => {
  it('accepts a complete production environment and listens on every interface', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ env: 'production', host: '0.0.0.0', sessionSecrets: [SECRET_A], warnings: [] });
  });

  it('requires session secrets, the legacy API URL and the allowed origins', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SESSION_SECRETS is required in production (a comma-separated list; the first signs)',
      'LEGACY_API_URL is required in production (the legacy API base URL)',
      'ALLOWED_ORIGINS is required in production (the public https:// origin of the portal)',
    ]);
  });

  it('warns, without refusing to start, when the mini-assessment access key is not set', () => {
    const { MINI_ACCESS_KEY: _key, ...withoutKey } = PRODUCTION;
    const config = loadConfig(withoutKey);
    expect(config.miniAccessKey).toBeUndefined();
    expect(config.warnings).toEqual(['MINI_ACCESS_KEY is not set: the public mini-assessment calls answer 502.']);
  });

  it('accepts an http:// PayPal SDK URL (the sandbox stand-in) outside production only', () => {
    expect(loadConfig({ PAYPAL_SDK_URL: 'http://127.0.0.1:4010/__paypal/sdk/js' }).selfPay.payPalSdkUrl).toBe(
      'http://127.0.0.1:4010/__paypal/sdk/js',
    );
    expect(problemsOf({ ...PRODUCTION, PAYPAL_SDK_URL: 'http://127.0.0.1:4010/__paypal/sdk/js' })).toEqual([
      'PAYPAL_SDK_URL must be an https:// URL in production',
    ]);
  });

  it('requires https origins', () => {
    expect(problemsOf({ ...PRODUCTION, ALLOWED_ORIGINS: 'http://portal.example.com' })).toEqual([
      'ALLOWED_ORIGINS entry "http://portal.example.com" must use https:// in production',
    ]);
  });
});
