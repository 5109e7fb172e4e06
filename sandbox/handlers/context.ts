// What every handler receives and may answer, typed per operation from the generated legacy contract.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../generated/legacy.ts';
import type { SessionRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

export type PathOf<K extends OperationId> = Op<K>['parameters'] extends { path: infer P } ? P : Record<string, never>;
export type QueryOf<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;
export type BodyOf<K extends OperationId> =
  Op<K> extends { requestBody: { content: infer C } }
    ? C[keyof C]
    : Op<K> extends { requestBody?: { content: infer C } }
      ? C[keyof C] | undefined
      : undefined;
export type OkOf<K extends OperationId> = Op<K>['responses'] extends { 200: { content: infer C } } ? C[keyof C] : undefined;

export interface Clock {
  now(): number;
}

export interface SandboxConfig {
  /** The portal-version cookie's value (spec public-and-guest §9: built stamp 20251030t113749). */
  portalVersion: string;
  /** Idle minutes before a session expires. */
  sessionMinutes: number;
  /** Where a blocked coach is told to write (spec public-and-guest §6). */
  supportEmail: string;
  /** Base URL of the sandbox itself, for links it hands out. */
  publicUrl: string;
  /**
   * The portal's address (`npm start` and the browser tests' stacks: `SANDBOX_PORTAL_URL`), when known: the
   * impersonation form opens the portal's session check, on the portal's host name (where the cookie must be).
   */
  portalUrl?: string;
  /** Seconds (sandbox clock) a requested team or pair report takes to be prepared; 0 = supplied at the next call. */
  reportReadySeconds: number;
  /** A pair report's own delay, when it differs from `reportReadySeconds`. */
  pairReportReadySeconds?: number;
  /** Seconds (sandbox clock) a payment that landed pending (the `+pending` e-mail rule) takes to settle. */
  paymentSettleSeconds: number;
  /** The card provider host selfpay/init names; the sandbox serves the provider's hosted page at /eng/process. */
  cardProviderHost: string;
}

/** A file answer: the wrapper sends it with its content type and, when named, a Content-Disposition. */
export class FileAnswer {
  readonly body: Buffer | NodeJS.ReadableStream;
  readonly contentType: string;
  readonly filename: string | null;
  constructor(body: Buffer | NodeJS.ReadableStream, contentType: string, filename: string | null = null) {
    this.body = body;
    this.contentType = contentType;
    this.filename = filename;
  }
}

/** Uploaded file parts of a multipart body: the body field holds the bytes as a latin1 string, this holds the rest. */
export interface UploadInfo {
  filename: string;
  contentType: string;
}

export interface Ctx<K extends OperationId> {
  operationId: K;
  params: PathOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
  /** The session the security handler found; null only on public operations. */
  session: SessionRecord | null;
  uploads: Map<string, UploadInfo>;
  store: Store;
  clock: Clock;
  config: SandboxConfig;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<K extends OperationId> = (ctx: Ctx<K>) => OkOf<K> | FileAnswer | Promise<OkOf<K> | FileAnswer>;
export type Handlers = { [K in OperationId]?: Handler<K> };

/** A failure the legacy API answers with `{ error: { info } }`. */
export class LegacyError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, info: string) {
    super(info);
    this.statusCode = statusCode;
  }
}

export const badRequest = (info: string) => new LegacyError(400, info);
export const forbidden = (info = 'Forbidden - please log in again.') => new LegacyError(403, info);
