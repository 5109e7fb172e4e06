// The BFF's configuration, read once from the environment and validated before anything starts.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import Type from 'typebox';
import Value from 'typebox/value';

const integer = (minimum: number, maximum: number, description: string) => Type.Optional(Type.Integer({ minimum, maximum, description }));
const MINUTE = 60_000;
/** The shortest UPDATES_INTERVAL_SECONDS the BFF starts with. */
export const UPDATES_INTERVAL_FLOOR_SECONDS = 15;
const HOUR = 60 * MINUTE;

// Every variable is optional here; defaults and production rules are applied after the shape is valid.
const EnvSchema = Type.Object({
  NODE_ENV: Type.Optional(
    Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')], {
      description: 'one of development, test, production',
    }),
  ),
  HOST: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.:-]{1,255}$', description: 'a host name or IP address to listen on' })),
  PORT: integer(0, 65535, 'a port number from 0 to 65535'),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
      {
        description: 'one of fatal, error, warn, info, debug, trace, silent',
      },
    ),
  ),
  LEGACY_API_URL: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://[^/?#]+', description: 'an http:// or https:// URL' })),
  SESSION_SECRETS: Type.Optional(
    Type.String({ pattern: '^[^,]{32,}(,[^,]{32,})*$', description: 'a comma-separated list of secrets of at least 32 characters each' }),
  ),
  REDIS_URL: Type.Optional(Type.String({ format: 'uri', pattern: '^rediss?://', description: 'a redis:// or rediss:// URL' })),
  TRUST_PROXY: Type.Optional(Type.String({ description: 'a comma-separated list of proxy IP addresses or CIDR ranges' })),
  ALLOWED_ORIGINS: Type.Optional(Type.String({ description: 'a comma-separated list of origins such as https://portal.example.com' })),
  UPSTREAM_TIMEOUT_MS: integer(100, 5 * MINUTE, 'milliseconds from 100 to 300000'),
  BATCH_CONCURRENCY: integer(1, 16, 'an integer from 1 to 16'),
  BATCH_ITEM_TIMEOUT_MS: integer(100, 10 * MINUTE, 'milliseconds from 100 to 600000'),
  SNAPSHOT_TTL_MS: integer(0, 5 * MINUTE, 'milliseconds from 0 to 300000'),
  SNAPSHOT_MAX_ROWS: integer(1000, 10_000_000, 'an integer from 1000 to 10000000'),
  SNAPSHOT_MAX_COACHES: integer(1, 100_000, 'an integer from 1 to 100000'),
  // The floor keeps the legacy API from being flooded: each active coach's lists are read once per interval.
  UPDATES_INTERVAL_SECONDS: integer(
    UPDATES_INTERVAL_FLOOR_SECONDS,
    86_400,
    `seconds from ${UPDATES_INTERVAL_FLOOR_SECONDS} (the floor: every coach's lists are read from the legacy API once per interval) to 86400`,
  ),
  SESSION_IDLE_TIMEOUT_MS: integer(MINUTE, 24 * HOUR, 'milliseconds from 60000 (1 min) to 86400000 (24 h)'),
  SESSION_ABSOLUTE_TIMEOUT_MS: integer(MINUTE, 7 * 24 * HOUR, 'milliseconds from 60000 (1 min) to 604800000 (7 days)'),
  RATE_LIMIT_MAX: integer(1, 100_000, 'an integer from 1 to 100000'),
  RATE_LIMIT_WINDOW_MS: integer(1000, HOUR, 'milliseconds from 1000 to 3600000'),
  RATE_LIMIT_STRICT_MAX: integer(1, 1000, 'an integer from 1 to 1000'),
  RATE_LIMIT_STRICT_WINDOW_MS: integer(1000, 24 * HOUR, 'milliseconds from 1000 to 86400000'),
  RATE_LIMIT_PUBLIC_MISSES_MAX: integer(1, 100_000, 'an integer from 1 to 100000'),
  SHUTDOWN_TIMEOUT_MS: integer(0, 5 * MINUTE, 'milliseconds from 0 to 300000'),
  HTTP_HEADERS_TIMEOUT_MS: integer(500, 2 * MINUTE, 'milliseconds from 500 to 120000'),
  HTTP_REQUEST_TIMEOUT_MS: integer(500, 10 * MINUTE, 'milliseconds from 500 to 600000'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(1000, 10 * MINUTE, 'milliseconds from 1000 to 600000'),
  HTTP_MAX_REQUESTS_PER_SOCKET: integer(1, 1_000_000, 'an integer from 1 to 1000000'),
  HTTP_MAX_CONNECTIONS: integer(1, 1_000_000, 'an integer from 1 to 1000000'),
  ADMIN_COACHES_URL: Type.Optional(
    Type.String({
      maxLength: 2000,
      pattern: '^(/[^/\\s][^\\s]*|https?://[^\\s]+)$',
      description: 'a path on the portal host (/admin/coaches) or an http(s) URL',
    }),
  ),
  SAMPLE_REPORTS_URL: Type.Optional(
    Type.String({ maxLength: 400, pattern: '^https?://[^\\s]+/$', description: 'an http(s) URL ending in /' }),
  ),
  SUPPORT_EMAIL: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'an e-mail address' })),
  PORTAL_VERSION: Type.Optional(Type.String({ pattern: '^[0-9]{8}t[0-9]{6}$', description: 'a version stamp such as 20251030t113749' })),
  CARD_PROVIDER_HOSTS: Type.Optional(
    Type.String({
      pattern: '^(https?://)?[A-Za-z0-9.-]+(:[0-9]{1,5})?( *, *(https?://)?[A-Za-z0-9.-]+(:[0-9]{1,5})?)*$',
      description: 'a comma-separated list of host names, or http(s):// origins (the card provider hosts selfpay/init may name)',
    }),
  ),
  PAYPAL_API_URL: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://[^/?#]+', description: 'an http:// or https:// URL' })),
  PAYPAL_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 8, maxLength: 500, description: 'the PayPal REST app secret' })),
  PAYPAL_SDK_URL: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://[^/?#]+/', description: 'an http:// or https:// URL' })),
  MINI_ACCESS_KEY: Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7e]{1,500}$',
      description: 'the value of the legacy mini-assessment access header (1 to 500 visible ASCII characters)',
    }),
  ),
  METRICS_PORT: integer(0, 65535, 'a port number from 0 to 65535'),
  METRICS_HOST: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.:-]{1,255}$', description: 'a host name or IP address to listen on' })),
  WEB_DIST_DIR: Type.Optional(Type.String({ pattern: '^/', maxLength: 4096, description: 'an absolute directory path' })),
});
type Env = Type.Static<typeof EnvSchema>;
type VariableName = keyof Env & string;

// Values never echoed in error messages: they carry secrets or passwords.
const SENSITIVE: ReadonlySet<string> = new Set(['SESSION_SECRETS', 'REDIS_URL', 'PAYPAL_CLIENT_SECRET', 'MINI_ACCESS_KEY']);
// The sandbox accepts any value of its X-Mini-Access header; the real legacy API's value is configured.
const SANDBOX_MINI_ACCESS_KEY = 'coachportal-sandbox-mini';
/** The Vite build of web/ (npm run build:web). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../web/dist', import.meta.url));
const PROXY_KEYWORDS: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

export interface Config {
  readonly env: 'development' | 'test' | 'production';
  readonly host: string;
  readonly port: number;
  readonly logLevel: string;
  readonly legacyApiUrl: string;
  /** The first signs, all verify. */
  readonly sessionSecrets: readonly string[];
  readonly redisUrl: string | undefined;
  /** Addresses and CIDR ranges whose X-Forwarded-For is trusted; empty trusts nobody. */
  readonly trustProxy: readonly string[];
  readonly allowedOrigins: readonly string[];
  readonly upstream: { readonly timeoutMs: number };
  readonly batch: { readonly concurrency: number; readonly itemTimeoutMs: number };
  /** The per-coach copies of the list screens' legacy lists (plugins/app/assessment-snapshots.ts); a TTL of 0 keeps none. */
  readonly snapshots: { readonly ttlMs: number; readonly maxCoaches: number; readonly maxRows: number };
  /**
   * How often a coach screen asks getUpdates, and the least time between two legacy reads of a coach's lists for it
   * (a failed read's included: the back-off while the legacy API fails).
   */
  readonly updates: { readonly intervalSeconds: number };
  readonly session: { readonly idleTimeoutMs: number; readonly absoluteTimeoutMs: number };
  readonly rateLimit: {
    readonly max: number;
    readonly windowMs: number;
    readonly strictMax: number;
    readonly strictWindowMs: number;
    /** Public links answered 400 or 404 per IP in 10 minutes. */
    readonly publicMissesMax: number;
  };
  readonly shutdownTimeoutMs: number;
  /**
   * The HTTP server's own limits: the headers and the whole request (headers and body) must arrive within
   * their timeouts (else 408, the socket closed), an idle kept-alive socket closes after keepAliveTimeoutMs,
   * a socket serves at most maxRequestsPerSocket requests, and at most maxConnections are open at once.
   */
  readonly http: {
    readonly headersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    readonly maxRequestsPerSocket: number;
    readonly maxConnections: number;
  };
  /** Named in the blocked-coach message (spec public-and-guest §6). */
  readonly supportEmail: string;
  /** Where the Samples & Brochures page's sample reports are: `{sampleReportsUrl}{reportCode}-{language}.{html|pdf}`. */
  readonly sampleReportsUrl: string | undefined;
  /** Where an impersonator goes on logout ('Return to Coaches'): the admin application's coach list. */
  readonly adminCoachesUrl: string;
  /**
   * The portal version the server announces (a newer one than the client's build shows the new-version
   * notice); undefined: the version of the client it serves (web/dist/portal-version.txt).
   */
  readonly portalVersion: string | undefined;
  /** Self-pay providers (spec public-and-guest §4, §9): the CSP allowances and the BFF's PayPal Orders API access. */
  readonly selfPay: {
    /**
     * Origins the card provider's hosted form may be posted to (CSP form-action); selfpay/init must
     * name the host of one of them. A bare host means https://; http:// only outside production (the sandbox).
     */
    readonly cardProviderOrigins: readonly string[];
    readonly payPalApiUrl: string;
    /** Unset: createPayPalOrder answers 502 payment_provider_error (logged). */
    readonly payPalClientSecret: string | undefined;
    /** The PayPal JavaScript SDK (CSP script, connect and frame sources derive from it). */
    readonly payPalSdkUrl: string;
  };
  /**
   * The fixed access header of the legacy mini-assessment calls (spec public-and-guest §6), added by the
   * BFF, never by the browser. Unset (production without MINI_ACCESS_KEY): the mini calls answer 502 (logged).
   */
  readonly miniAccessKey: string | undefined;
  /** The Prometheus metrics listener (plugins/app/metrics.ts), never the public one; off without METRICS_PORT. */
  readonly metrics: { readonly port: number | undefined; readonly host: string };
  /** The built web client served under /coachportal/. */
  readonly webDistDir: string;
  /** Things worth a log line at start (for example a generated session secret). */
  readonly warnings: readonly string[];
}

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(source: Record<string, string | undefined>): Config {
  const raw = readVariables(source);
  const env = convertIntegers(raw);
  const invalid = invalidVariables(env);
  const problems = invalid.map((name) => shapeProblem(name, raw[name]));
  // Rules still run on the valid rest (defaults in place of the invalid), so one error names everything.
  const valid = Object.fromEntries(Object.entries(env).filter(([name]) => !invalid.includes(name)));
  const config = buildConfig(Value.Parse(EnvSchema, valid));
  problems.push(...ruleProblems(config, raw, invalid));
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

// An empty variable counts as unset (compose files and CI often write `NAME=`).
function readVariables(source: Record<string, string | undefined>): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = source[name]?.trim();
    if (value) raw[name] = value;
  }
  return raw;
}

// Strict on purpose: TypeBox's Convert would accept "30.5" or "0x10" as integers.
function convertIntegers(raw: Record<string, string>): Record<string, string | number> {
  const converted: Record<string, string | number> = { ...raw };
  for (const [name, value] of Object.entries(raw)) {
    if (propertyOf(name).type === 'integer' && /^[0-9]{1,15}$/.test(value)) converted[name] = Number(value);
  }
  return converted;
}

// One check per variable, so every bad variable is named once (TypeBox caps the errors of one check).
function invalidVariables(env: Record<string, string | number>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => !Value.Check(propertyOf(name), value))
    .map(([name]) => name);
}

function shapeProblem(name: string, value: string | undefined): string {
  const shown = SENSITIVE.has(name) ? '' : ` (got "${value}")`;
  return `${name} must be ${propertyOf(name).description}${shown}`;
}

function propertyOf(name: string): Type.TSchema & { type?: string; description?: string } {
  return EnvSchema.properties[name as VariableName];
}

function buildConfig(env: Env): Config {
  const mode = env.NODE_ENV ?? 'development';
  const port = env.PORT ?? 3000;
  const warnings: string[] = [];
  let sessionSecrets = list(env.SESSION_SECRETS);
  if (sessionSecrets.length === 0 && mode !== 'production') {
    sessionSecrets = [randomBytes(32).toString('base64url')];
    warnings.push('SESSION_SECRETS is not set: using a random secret, so sessions end when the BFF restarts.');
  }
  if (!env.MINI_ACCESS_KEY && mode === 'production') {
    warnings.push('MINI_ACCESS_KEY is not set: the public mini-assessment calls answer 502.');
  }
  return {
    env: mode,
    // Containers need every interface; a developer's machine only loopback.
    host: env.HOST ?? (mode === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port,
    logLevel: env.LOG_LEVEL ?? 'info',
    legacyApiUrl: env.LEGACY_API_URL ?? 'http://127.0.0.1:4010',
    sessionSecrets,
    redisUrl: env.REDIS_URL,
    trustProxy: list(env.TRUST_PROXY),
    allowedOrigins:
      env.ALLOWED_ORIGINS || mode === 'production' ? list(env.ALLOWED_ORIGINS) : [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    upstream: { timeoutMs: env.UPSTREAM_TIMEOUT_MS ?? 15_000 },
    batch: { concurrency: env.BATCH_CONCURRENCY ?? 4, itemTimeoutMs: env.BATCH_ITEM_TIMEOUT_MS ?? 30_000 },
    snapshots: {
      ttlMs: env.SNAPSHOT_TTL_MS ?? 30_000,
      maxCoaches: env.SNAPSHOT_MAX_COACHES ?? 500,
      maxRows: env.SNAPSHOT_MAX_ROWS ?? 200_000,
    },
    updates: { intervalSeconds: env.UPDATES_INTERVAL_SECONDS ?? 120 },
    session: { idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MS ?? 30 * MINUTE, absoluteTimeoutMs: env.SESSION_ABSOLUTE_TIMEOUT_MS ?? 8 * HOUR },
    rateLimit: {
      max: env.RATE_LIMIT_MAX ?? 300,
      windowMs: env.RATE_LIMIT_WINDOW_MS ?? MINUTE,
      strictMax: env.RATE_LIMIT_STRICT_MAX ?? 10,
      strictWindowMs: env.RATE_LIMIT_STRICT_WINDOW_MS ?? MINUTE,
      publicMissesMax: env.RATE_LIMIT_PUBLIC_MISSES_MAX ?? 20,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    http: {
      headersTimeoutMs: Math.min(env.HTTP_HEADERS_TIMEOUT_MS ?? 10_000, env.HTTP_REQUEST_TIMEOUT_MS ?? 60_000),
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS ?? 60_000,
      // Longer than a load balancer's usual idle timeout (60 s), so the balancer closes first.
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 72_000,
      maxRequestsPerSocket: env.HTTP_MAX_REQUESTS_PER_SOCKET ?? 10_000,
      maxConnections: env.HTTP_MAX_CONNECTIONS ?? 10_000,
    },
    supportEmail: env.SUPPORT_EMAIL ?? 'support@coachportal.test',
    sampleReportsUrl: env.SAMPLE_REPORTS_URL,
    // spec public-and-guest §6: "an impersonator is sent to /admin/coaches" (the admin application, same host).
    adminCoachesUrl: env.ADMIN_COACHES_URL ?? '/admin/coaches',
    // The legacy API's version stamp (openapi/legacy.yaml info.version) until a build sets its own.
    portalVersion: env.PORTAL_VERSION,
    selfPay: {
      // The sandbox's card provider outside production; production lists the real one.
      cardProviderOrigins: (env.CARD_PROVIDER_HOSTS || mode === 'production'
        ? list(env.CARD_PROVIDER_HOSTS)
        : ['sandbox.cardprovider.test']
      ).map((entry) => (/^https?:\/\//.test(entry) ? entry : `https://${entry}`)),
      payPalApiUrl: env.PAYPAL_API_URL ?? (mode === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
      payPalClientSecret: env.PAYPAL_CLIENT_SECRET,
      payPalSdkUrl: env.PAYPAL_SDK_URL ?? 'https://www.paypal.com/sdk/js',
    },
    miniAccessKey: env.MINI_ACCESS_KEY ?? (mode === 'production' ? undefined : SANDBOX_MINI_ACCESS_KEY),
    // Loopback unless told otherwise: the scraper runs beside the BFF, and the numbers are nobody else's business.
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST ?? '127.0.0.1' },
    webDistDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
    warnings,
  };
}

function ruleProblems(config: Config, raw: Record<string, string>, invalid: readonly string[]): string[] {
  const problems = [...trustProxyProblems(raw.TRUST_PROXY), ...originProblems(config)];
  if (config.metrics.port !== undefined && config.metrics.port !== 0 && config.metrics.port === config.port) {
    problems.push('METRICS_PORT must not be PORT: the metrics are never served on the public listener');
  }
  const timeoutsValid = !invalid.some((name) => name.startsWith('SESSION_'));
  if (timeoutsValid && config.session.idleTimeoutMs > config.session.absoluteTimeoutMs) {
    problems.push('SESSION_IDLE_TIMEOUT_MS must not be longer than SESSION_ABSOLUTE_TIMEOUT_MS');
  }
  if (config.env === 'production') {
    if (!raw.SESSION_SECRETS) problems.push('SESSION_SECRETS is required in production (a comma-separated list; the first signs)');
    // The sandbox is a test double: production must name the real legacy API.
    if (!raw.LEGACY_API_URL) problems.push('LEGACY_API_URL is required in production (the legacy API base URL)');
    if (!raw.ALLOWED_ORIGINS) problems.push('ALLOWED_ORIGINS is required in production (the public https:// origin of the portal)');
    // http:// is for the sandbox's stand-in script on a developer's machine only.
    if (raw.PAYPAL_SDK_URL && !raw.PAYPAL_SDK_URL.startsWith('https://'))
      problems.push('PAYPAL_SDK_URL must be an https:// URL in production');
    for (const origin of config.selfPay.cardProviderOrigins.filter((entry) => entry.startsWith('http://'))) {
      problems.push(`CARD_PROVIDER_HOSTS entry "${origin}" must use https:// in production`);
    }
  }
  return problems;
}

function trustProxyProblems(value: string | undefined): string[] {
  if (value === undefined) return [];
  if (/^(true|false|\d+)$/i.test(value)) {
    return [
      `TRUST_PROXY must list proxy addresses or CIDR ranges, not "${value}" (trusting every hop would let any client forge its address)`,
    ];
  }
  return list(value)
    .filter((entry) => !isProxyAddress(entry))
    .map((entry) => `TRUST_PROXY entry "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function originProblems(config: Config): string[] {
  const problems: string[] = [];
  for (const origin of config.allowedOrigins) {
    if (!isOrigin(origin)) problems.push(`ALLOWED_ORIGINS entry "${origin}" is not an origin (scheme://host[:port], no path)`);
    else if (config.env === 'production' && !origin.startsWith('https://')) {
      problems.push(`ALLOWED_ORIGINS entry "${origin}" must use https:// in production`);
    }
  }
  return problems;
}

function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') deepFreeze(inner);
  return Object.freeze(value);
}
