// One simulated coach's HTTP client: its own loopback source address (so the BFF sees one client address per
// coach, as behind a load balancer that keeps the visitor's address), its own session cookie, CSRF headers as the
// web client sends them, and a balancer that alternates the requests between the two BFF instances. Every answer
// is recorded; a connection an instance refuses goes to the other one (a balancer's health check, in effect).
import { Agent, type Dispatcher } from 'undici';
import type { CallRecord, Group, Recorder } from './record.ts';

export const SESSION_COOKIE = '__Host-portal_session';

export interface Instance {
  name: string;
  url: string;
}

/** Round robin over the instances, as a load balancer without sticky sessions. */
export class Balancer {
  #next = 0;
  readonly instances: readonly Instance[];

  constructor(instances: readonly Instance[]) {
    this.instances = instances;
  }

  /** The instances in the order to try them for the next request. */
  order(): Instance[] {
    const first = this.#next++ % this.instances.length;
    return this.instances.map((_, index) => this.instances[(first + index) % this.instances.length] as Instance);
  }
}

export interface CallOptions {
  operation: string;
  group: Group;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  /** This instance only (the chaos run's probe), not the balancer's choice. */
  instance?: Instance;
  /** Not recorded among the coaches' answers (the probe's polling). */
  unrecorded?: boolean;
  /** Why the run means to get a refusal here (the guesser). */
  meant?: (status: number, code: string | undefined) => string | undefined;
}

export interface Reply {
  status: number;
  json?: unknown;
  code?: string;
  /** Seconds, from a Retry-After header. */
  retryAfter?: number;
  instance: string;
}

const CONNECT_REFUSED = new Set(['ECONNREFUSED']);

export class CoachClient {
  readonly coach: number;
  readonly address: string;
  signedIn = false;
  /** Called on a 401 `session_ended` while signed in: the run did not end this session. */
  onSessionLost: (operation: string, instance: string) => void = () => {};
  #cookie: string | null = null;
  readonly #agent: Agent;
  readonly #balancer: Balancer;
  readonly #recorder: Recorder;
  readonly #origin: string;

  constructor(coach: number, address: string, balancer: Balancer, recorder: Recorder, origin: string) {
    this.coach = coach;
    this.address = address;
    this.#balancer = balancer;
    this.#recorder = recorder;
    this.#origin = origin;
    // The client's `localAddress`, not `connect.localAddress` (undici's connector puts the client's own over it).
    // A browser's few connections per host; answers (and the zip's next bytes) within a minute, else the call fails.
    this.#agent = new Agent({ localAddress: address, connections: 4, headersTimeout: 60_000, bodyTimeout: 60_000 });
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  /** A JSON call; the body is read whole. */
  async call(options: CallOptions): Promise<Reply> {
    return this.#send(options, async (body) => {
      const text = await body.text();
      return text ? safeJson(text) : undefined;
    });
  }

  /** A file download read to its end (the zip), with its byte count; `onStart` is called once a 2xx answer begins. */
  async download(options: CallOptions, onStart: () => void = () => {}): Promise<Reply & { bytes: number }> {
    let bytes = 0;
    const reply = await this.#send(options, async (body, status) => {
      if (status >= 300) return safeJson(await body.text());
      onStart();
      for await (const chunk of body) bytes += (chunk as Buffer).length;
      return undefined;
    });
    return { ...reply, bytes };
  }

  async #send(options: CallOptions, read: (body: Dispatcher.ResponseData['body'], status: number) => Promise<unknown>): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (this.#cookie) headers.cookie = `${SESSION_COOKIE}=${this.#cookie}`;
    if (options.method !== 'GET') Object.assign(headers, { 'x-csrf': '1', origin: this.#origin });
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const order = options.instance ? [options.instance] : this.#balancer.order();
    const at = this.#recorder.now();
    let reply: Reply = { status: 0, code: 'ECONNREFUSED', instance: order[0]?.name ?? '' };
    let notProblemJson = false;
    for (const [index, instance] of order.entries()) {
      try {
        const response = await this.#agent.request({
          origin: instance.url,
          path: options.path,
          method: options.method,
          headers,
          body: options.body === undefined ? null : JSON.stringify(options.body),
        });
        this.#keepCookie(response.headers['set-cookie']);
        const json = await read(response.body, response.statusCode);
        const type = String(response.headers['content-type'] ?? '');
        const code = response.statusCode >= 300 ? problemCode(json) : undefined;
        notProblemJson = response.statusCode >= 300 && (!type.startsWith('application/problem+json') || code === undefined);
        const retryAfter = Number(response.headers['retry-after']);
        reply = {
          status: response.statusCode,
          json,
          instance: instance.name,
          ...(code ? { code } : {}),
          ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
        };
        break;
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'error';
        reply = { status: 0, code, instance: instance.name };
        // Refused before anything was sent: the balancer tries the next instance.
        if (CONNECT_REFUSED.has(code) && index < order.length - 1) {
          this.#recorder.rerouted++;
          continue;
        }
        break;
      }
    }
    if (reply.status === 401 && reply.code === 'session_ended' && this.signedIn) {
      this.signedIn = false;
      this.onSessionLost(options.operation, reply.instance);
    }
    if (!options.unrecorded) {
      const meant = options.meant?.(reply.status, reply.code);
      const answer: CallRecord = {
        operation: options.operation,
        group: options.group,
        coach: this.coach,
        instance: reply.instance,
        at,
        ms: this.#recorder.now() - at,
        status: reply.status,
        ...(reply.code ? { code: reply.code } : {}),
        ...(notProblemJson ? { notProblemJson } : {}),
        ...(meant ? { meant } : {}),
      };
      this.#recorder.answers.push(answer);
    }
    return reply;
  }

  #keepCookie(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(0, eq).trim() !== SESSION_COOKIE) continue;
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      this.#cookie = value && !expired ? value : null;
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function problemCode(json: unknown): string | undefined {
  const code = (json as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
