// What one contract operation's handler receives and answers, typed from generated/bff.ts. A handler
// takes `(input, ctx)`: the validated params, query and body, and a context with the session, the legacy
// clients, the log and an abort signal. It returns the success body, or an `HttpAnswer` for another status,
// headers or a stream. Nothing here knows Fastify: plugins/app/openapi-routes.ts adapts it.
import type { Readable } from 'node:stream';
import type { BaseLogger } from 'pino';
import type { operations } from '../generated/bff.ts';
import type { BatchRun } from './batch/batch-run.ts';
import type { ProblemError } from './problem.ts';
import type { NewSession, SessionRecord } from './session/session-record.ts';
import type { LegacyClient } from './upstream/legacy-client.ts';

export type OperationId = keyof operations & string;
type Operation<K extends OperationId> = operations[K];
type Content<T> = T extends { content: infer C } ? C : never;
type JsonOf<T> = T extends { 'application/json': infer B } ? B : never;
type ParametersOf<K extends OperationId, Where extends string> =
  Operation<K> extends { parameters: infer P }
    ? P extends Record<Where, infer V>
      ? V
      : P extends Partial<Record<Where, infer V>>
        ? Exclude<V, undefined>
        : never
    : never;
type BodyOf<K extends OperationId> = Operation<K> extends { requestBody?: infer R } ? JsonOf<Content<Exclude<R, undefined>>> : never;
/** The JSON bodies of an operation's 2xx answers. */
export type Success<K extends OperationId> =
  Operation<K> extends { responses: infer R }
    ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<Content<R[S]>> : never }[keyof R]
    : never;

/**
 * Operations the contract offers without a session (`security: []` or only `csrf`). The route plugin
 * checks this list against the contract at start, so a handler's `ctx.session` type is never a lie.
 */
export const PUBLIC_OPERATIONS = [
  'getLiveness',
  'getReadiness',
  'createSession',
  'startImpersonatedSession',
  'requestPasswordReset',
  'resetPassword',
  'getSelfRegistration',
  'createCheckout',
  'getCheckout',
  'createPayPalOrder',
  'capturePayPalOrder',
  'getGuestReport',
  'getPolicyPage',
  'acknowledgePolicy',
  'getMiniTranslations',
  'startMiniAssessment',
  'submitMiniSection1',
  'submitMiniSection2',
] as const satisfies readonly OperationId[];
export type PublicOperationId = (typeof PUBLIC_OPERATIONS)[number];

/** The request's logger as services use it (Fastify's request logger, a pino child). */
export type Log = Pick<BaseLogger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'>;

/** The validated input of one operation. */
export interface OperationInput<K extends OperationId> {
  params: ParametersOf<K, 'path'>;
  query: ParametersOf<K, 'query'>;
  body: BodyOf<K>;
}

/** What every handler may use besides its input. */
export interface OperationContext {
  /** The portal session; null only on public operations. */
  session: SessionRecord | null;
  /** The legacy API client carrying the session's legacy cookie (none without a session). */
  legacy: LegacyClient;
  /** A legacy API client without any cookie (public pages, sign-in). */
  publicLegacy: LegacyClient;
  /** A legacy API client carrying the given legacy cookie (sign-in with a fresh legacy session, the impersonation check). */
  legacyWithCookie(cookie: string | undefined): LegacyClient;
  log: Log;
  /** Fires when the browser goes away before its answer was sent: upstream work stops with it. */
  signal: AbortSignal;
  /** The request headers a service may read: the browser's Origin, the raw Cookie header (the impersonation check), an upload's type. */
  headers: {
    readonly origin?: string | undefined;
    readonly cookie?: string | undefined;
    readonly 'content-type'?: string | undefined;
    /** An upload's declared size (a body larger than its operation allows is refused unread). */
    readonly 'content-length'?: string | undefined;
    /** The retry key of the batch actions and the creates (batch/idempotent.ts, batch/idempotent-create.ts). */
    readonly 'idempotency-key'?: string | undefined;
    /** `respond-async`: an assessments action runs as a job (batch/batch-jobs.ts). */
    readonly prefer?: string | undefined;
  };
  /** Starts a session under a new id (never the old one) and sets its cookie; the old session ends. */
  startSession(session: NewSession): Promise<SessionRecord>;
  /** Ends the session (its jobs go with it) and clears the cookie. */
  endSession(): Promise<void>;
  /** The sessions of the signed-in account (bff/plugins/app/session.ts): list them, end them on a password change or reset. */
  sessions: {
    /** The account's live sessions, the caller's first. */
    list(): Promise<SessionRecord[]>;
    /** Ends the account's other sessions on every instance; `renew` gives the caller's session a new id. How many ended. */
    endOthers(options?: { renew?: boolean }): Promise<number>;
    /** Ends every session of an account (record.account); how many ended. */
    endAll(account: string): Promise<number>;
  };
}

/** The context of an operation that needs the session: the route plugin answers 401 before the handler runs without one. */
export interface SessionContext extends OperationContext {
  session: SessionRecord;
}

export type ContextOf<K extends OperationId> = K extends PublicOperationId ? OperationContext : SessionContext;

/** An answer other than 200 + JSON: a status, headers, and a JSON body or a stream. */
export class HttpAnswer<B> {
  readonly status: number;
  readonly body: B;
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, body: B, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** 201 with the created resource (and its Location, when it has an address). */
export const created = <B>(body: B, location?: string): HttpAnswer<B> => new HttpAnswer(201, body, location ? { location } : {});
/** 204: done, nothing to answer. */
export const noContent = (): HttpAnswer<undefined> => new HttpAnswer(204, undefined);
/** 202: accepted, the work goes on elsewhere. */
export const accepted = <B>(body: B): HttpAnswer<B> => new HttpAnswer(202, body);
/** A file streamed to the browser with its type and Content-Disposition. */
export const fileAnswer = (stream: Readable, type: string, disposition: string): HttpAnswer<Readable> =>
  new HttpAnswer(200, stream, { 'content-type': type, 'content-disposition': disposition });

/**
 * `run`: what the wrappers of a routes entry that sets a batch flag give its handler (batch/batch-run.ts); none
 * for any other entry.
 */
export type OperationHandler<K extends OperationId> = (
  input: OperationInput<K>,
  ctx: ContextOf<K>,
  run?: BatchRun,
) => Promise<Success<K> | HttpAnswer<Success<K>> | HttpAnswer<Readable> | HttpAnswer<undefined>>;

/** A validation failure as the route plugin reports it: where, which field (dotted path) and what. */
export interface InvalidField {
  in: 'body' | 'params' | 'querystring' | 'headers';
  field: string;
  /** The field is absent (rather than present and wrong). */
  missing: boolean;
}

/**
 * How an operation answers input the contract refuses, when the spec has its own texts for it. Declared
 * once per operation, next to its handler; without it the answer is 400 `validation_failed`.
 */
export interface InvalidInput {
  /** Checks the form makes first, on the raw body (the spec's order: missing details, then the e-mail); a problem or nothing. */
  form?: ((body: unknown) => ProblemError | undefined) | undefined;
  /** The first rule whose `when` accepts every failure answers its problem. */
  rules?: readonly { when: (failure: InvalidField) => boolean; answer: () => ProblemError }[] | undefined;
}

export interface OperationRoute<K extends OperationId> {
  handler: OperationHandler<K>;
  /** The spec's own answers to refused input. */
  invalid?: InvalidInput | undefined;
  /** Route config read by plugins (e.g. `{ logLevel }`, rate-limit names). */
  config?: Record<string, unknown> | undefined;
  /**
   * A batch action whose contract declares the Idempotency-Key header: a repeat with the same key repeats
   * nothing the first call did (batch/idempotent.ts, applied by app.ts; the app refuses to start when this
   * flag and the contract disagree).
   */
  idempotent?: true | undefined;
  /**
   * An action that makes one record or costs credits, whose contract declares the Idempotency-Key header: a repeat
   * with the same key answers the first outcome and calls nothing (batch/idempotent-create.ts, applied by app.ts; the
   * app refuses to start when the header and the flags disagree: each keyed operation sets this or `idempotent`).
   */
  idempotentCreate?: true | undefined;
  /**
   * Changes what the assessments, SCO Given, clients, teams or pairs lists show: when it ends (done or failed), the
   * coach's list copies are patched or dropped on every instance (plugins/app/assessment-snapshots.ts, applied by app.ts).
   */
  changesLists?: true | undefined;
  /**
   * May run as a job: its contract declares the `Prefer` header, and a call with `respond-async` answers 202 with
   * the job at once (batch/batch-jobs.ts, applied by app.ts outermost; the app refuses to start when this flag and
   * the contract disagree).
   */
  job?: true | undefined;
  /** The largest body the route reads, in bytes, when it needs more than the server's 1 MiB (the table's whole selection). */
  bodyLimit?: number | undefined;
}

export type OperationHandlers = { [K in OperationId]?: OperationHandler<K> | OperationRoute<K> };

/** What a routes entry may declare beside its handler, each applied by app.ts as a wrapper around it. */
export type RouteFlag = 'idempotent' | 'idempotentCreate' | 'changesLists' | 'job';

/** The operations whose routes entry sets `flag`. */
export function flaggedOperations(handlers: OperationHandlers, flag: RouteFlag): OperationId[] {
  return (Object.entries(handlers) as [OperationId, OperationHandler<OperationId> | OperationRoute<OperationId> | undefined][])
    .filter(([, route]) => typeof route === 'object' && route[flag] === true)
    .map(([operationId]) => operationId);
}

/** The operations with a handler whose `flag` says otherwise than `expected` (the operations that should set it). */
export function flagDisagreements(handlers: OperationHandlers, flag: RouteFlag, expected: ReadonlySet<string>): OperationId[] {
  const flagged = new Set<string>(flaggedOperations(handlers, flag));
  return (Object.keys(handlers) as OperationId[]).filter((operationId) => flagged.has(operationId) !== expected.has(operationId));
}
