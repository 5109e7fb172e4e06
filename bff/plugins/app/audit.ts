// One audit line per state-changing coach action (every POST, PUT, PATCH and DELETE of an operation that
// needs a session): which operation, which coach, how many items were asked for and how many succeeded and
// failed. No names, e-mails or item ids. A multi-select action (an operation taking an Idempotency-Key)
// reads its counts from its BatchResult (also in a 401 that cut it), and is told to the metrics.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { publishBatch } from '../../diagnostics.ts';
import { PUBLIC_OPERATIONS } from '../../operation.ts';
import { idempotentOperations } from './idempotency.ts';

export interface AuditLine {
  operation: string;
  coachId: string | null;
  statusCode: number;
  requested: number;
  succeeded: number;
  failed: number;
  /** Batches only: items left undone (Stop, the browser leaving, the session ending). */
  notAttempted?: number;
}

interface Counts {
  total: number;
  succeeded: number;
  failed: unknown[];
  notAttempted: number;
}

const COACH = Symbol('auditCoach');
type Audited = FastifyRequest & { [COACH]?: string | null };
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC: ReadonlySet<string> = new Set(PUBLIC_OPERATIONS);

const isCounts = (value: unknown): value is Counts => {
  const counts = value as Partial<Counts> | null;
  return (
    typeof counts?.total === 'number' &&
    typeof counts.succeeded === 'number' &&
    Array.isArray(counts.failed) &&
    typeof counts.notAttempted === 'number'
  );
};

/** The BatchResult of an answer: its body (200) or the `batch` member of a 401 that cut it. */
function batchResult(payload: unknown): Counts | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const body = JSON.parse(payload) as { batch?: unknown };
    if (isCounts(body)) return body;
    return isCounts(body.batch) ? body.batch : undefined;
  } catch {
    return undefined;
  }
}

function selected(request: FastifyRequest): number {
  const ids = (request.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.length : 1;
}

export function auditLine(operation: string, batch: boolean, request: Audited, reply: FastifyReply, payload: unknown): AuditLine {
  const line = { operation, coachId: request[COACH] ?? null, statusCode: reply.statusCode };
  const done = reply.statusCode < 400;
  if (!batch) return { ...line, requested: 1, succeeded: done ? 1 : 0, failed: done ? 0 : 1 };
  const result = batchResult(payload);
  if (!result) {
    // Refused before any item ran (validation, a repeated Idempotency-Key, …), or done as a whole by one legacy
    // call whose answer is not per item (Add To Team).
    const requested = selected(request);
    return { ...line, requested, succeeded: done ? requested : 0, failed: done ? 0 : requested };
  }
  return {
    ...line,
    requested: result.total,
    succeeded: result.succeeded,
    failed: result.failed.length,
    notAttempted: result.notAttempted,
  };
}

function addHook(route: RouteOptions, hook: 'preHandler' | 'onSend', handler: unknown) {
  const existing = route[hook];
  (route as unknown as Record<string, unknown>)[hook] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler];
}

async function audit(fastify: FastifyInstance) {
  const batches = idempotentOperations();
  fastify.addHook('onRoute', (route) => {
    const operation = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (typeof operation !== 'string' || PUBLIC.has(operation) || methods.every((method) => READS.has(method))) return;
    const batch = batches.has(operation);
    // The coach as the action began (a logout or a legacy 403 ends the session before the answer).
    addHook(route, 'preHandler', (request: Audited, _reply: FastifyReply, done: () => void) => {
      request[COACH] = request.session?.coachId ?? null;
      done();
    });
    addHook(route, 'onSend', (request: Audited, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      // A batch answered 202 runs as a job: its line is written when the job ends (plugins/app/batch-jobs.ts).
      if (batch && reply.statusCode === 202) return done(null, payload);
      const line = auditLine(operation, batch, request, reply, payload);
      request.log.info({ audit: line }, 'coach action');
      // Only a batch that ran has a result to count (notAttempted is set from it).
      if (batch && line.notAttempted !== undefined) {
        publishBatch({
          operation,
          succeeded: line.succeeded,
          failed: line.failed,
          notAttempted: line.notAttempted ?? 0,
          durationMs: reply.elapsedTime,
        });
      }
      done(null, payload);
    });
  });
}

export default fp(audit, { name: 'audit', dependencies: ['session'] });
