// What the BFF keeps about a request rides on the request or on the call's BatchRun, never in a WeakMap or WeakSet
// keyed by the request, its reply or the handler's context: the wrappers once spoke to each other through such maps
// keyed by `ctx` (docs/decisions/024-one-batch-run-passed-explicitly.md), and V8's young-generation GC keeps such
// entries, and all the request reaches, alive until a full GC (docs/benchmarks.md, plugins/app/client-gone.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A weak collection whose key type is a request, a reply or an operation's context. */
const KEYED_BY_REQUEST =
  /\bWeak(Map|Set)\s*<\s*(Fastify(Request|Reply)|Tracked|OperationContext|SessionContext|ContextOf\b|BatchRun|IncomingMessage|ServerResponse|typeof ctx|typeof request)/;

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(folder, file));
}

describe('state kept about a request', () => {
  it('is never a WeakMap or WeakSet keyed by the request, its reply or its context', () => {
    const files = sourcesUnder('bff');
    expect(files.length).toBeGreaterThan(150);
    expect(files.filter((file) => KEYED_BY_REQUEST.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('catches one', () => {
    expect(KEYED_BY_REQUEST.test('const taken = new WeakMap<FastifyRequest, string[]>();')).toBe(true);
    expect(KEYED_BY_REQUEST.test('const missed = new WeakSet<FastifyRequest>();')).toBe(true);
    expect(KEYED_BY_REQUEST.test('const ledgers = new WeakMap<SessionContext, BatchLedger>();')).toBe(true);
    expect(KEYED_BY_REQUEST.test('const indexes = new WeakMap<AssessmentSnapshot, SearchIndex>();')).toBe(false);
  });
});
