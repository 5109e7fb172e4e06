// An HTTP client for the Prism-proxied sandbox scenario: it keeps the session cookies a browser would,
// records which contract operation each call touched, and refuses any answer in which Prism reports a
// violation of openapi/legacy.yaml (a request or response that does not conform).
import { listOperations, loadYaml } from '../../contract/operations.ts';

export const CONTRACT = 'openapi/legacy.yaml';

const PRISM_PROBLEM = 'https://stoplight.io/prism/errors#';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  headers?: Record<string, string>;
  /** Send this cookie header instead of the jar (an ended session, for example). */
  cookie?: string;
}

export interface Answer {
  status: number;
  contentType: string;
  headers: Headers;
  bytes: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: a scenario reads the parsed bodies loosely; the proxy has validated them.
  json: () => any;
}

interface Route {
  operationId: string;
  method: string;
  pattern: RegExp;
  params: number;
}

function contractRoutes(): Route[] {
  return (
    listOperations(loadYaml(CONTRACT))
      .map((operation) => ({
        operationId: operation.operationId,
        method: operation.method.toUpperCase(),
        pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (operation.path.match(/\{/g) ?? []).length,
      }))
      // A literal segment wins over a parameter (`/api/v2/coaches/setTwoFactor/{id}` before `/api/v2/coaches/{id}/...`).
      .sort((a, b) => a.params - b.params)
  );
}

/** Prism merges several Set-Cookie headers into one, comma-joined; the sandbox's cookies carry no Expires date. */
export function splitSetCookie(headers: Headers): string[] {
  return headers.getSetCookie().flatMap((line) => line.split(/,(?=\s*[\w-]+=)/));
}

export class ScenarioClient {
  readonly baseUrl: string;
  readonly routes = contractRoutes();
  readonly touched = new Set<string>();
  readonly cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  get allOperationIds(): string[] {
    return this.routes.map((route) => route.operationId);
  }

  untouched(): string[] {
    return this.allOperationIds.filter((id) => !this.touched.has(id)).sort();
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  operationOf(method: Method, path: string): string {
    const route = this.routes.find((entry) => entry.method === method && entry.pattern.test(path));
    if (!route) throw new Error(`${method} ${path} is no operation of ${CONTRACT}`);
    return route.operationId;
  }

  async call(method: Method, path: string, options: CallOptions = {}): Promise<Answer> {
    const operationId = this.operationOf(method, path);
    const headers: Record<string, string> = { ...options.headers };
    const cookie = options.cookie ?? this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.multipart) {
      body = options.multipart;
    }
    const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const response = await fetch(`${this.baseUrl}${path}${search}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    this.touched.add(operationId);

    const where = `${operationId} (${method} ${path}${search}) → ${response.status}`;
    const violations = response.headers.get('sl-violations');
    if (violations) throw new Error(`Prism reports contract violations for ${where}: ${violations}`);
    if (contentType === 'application/problem+json' && text.includes(PRISM_PROBLEM)) {
      throw new Error(`Prism refused ${where}: ${text}`);
    }
    this.keepCookies(response.headers);
    return { status: response.status, contentType, headers: response.headers, bytes, text, json: () => JSON.parse(text) };
  }

  private keepCookies(headers: Headers): void {
    for (const line of splitSetCookie(headers)) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=.*1970/i.test(attribute));
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
