import { describe, expect, it } from 'vitest';
import { type CpuProfile, NODE_HTTP, pieceOf, piecesOf } from './cpu-pieces.ts';

const ROOT = '/repo/';
const frame = (functionName: string, url: string) => ({ functionName, url });

describe('the per-piece CPU of a profile', () => {
  it('names pieces by package and by BFF file; Node and V8 builtins count for their caller', () => {
    expect(pieceOf('info', 'file:///repo/node_modules/pino/lib/proto.js', ROOT)).toMatch(/^log line/);
    expect(pieceOf('check', 'file:///repo/node_modules/@fastify/rate-limit/index.js', ROOT)).toBe('rate limiter');
    expect(pieceOf('call', 'file:///repo/bff/upstream/legacy-client.ts', ROOT)).toMatch(/^legacy call/);
    expect(pieceOf('from', 'file:///repo/node_modules/@fastify/reply-from/index.js', ROOT)).toMatch(/^legacy call/);
    expect(pieceOf('request', 'file:///repo/node_modules/@fastify/reply-from/node_modules/undici/index.js', ROOT)).toMatch(/^legacy call/);
    expect(pieceOf('helmet', 'file:///repo/node_modules/@fastify/helmet/index.js', ROOT)).toBe('security headers');
    expect(pieceOf('hook', 'file:///repo/bff/plugins/app/csrf.ts', ROOT)).toMatch(/CSRF/);
    expect(pieceOf('get', 'file:///repo/node_modules/toad-cache/dist/toad-cache.cjs', ROOT)).toBeUndefined();
    expect(pieceOf('parse', '', ROOT)).toBeUndefined();
    expect(pieceOf('emit', 'node:events', ROOT)).toBeUndefined();
    expect(pieceOf('writeGeneric', 'node:internal/stream_base_commons', ROOT)).toMatch(/^socket/);
    expect(pieceOf('(garbage collector)', '', ROOT)).toBe('garbage collector');
  });

  it('counts each sample for the innermost piece on its stack, leaves idle time out, and Node alone for the server', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 5, 6] },
        { id: 2, callFrame: frame('handler', 'file:///repo/bff/routes/session/get-session.ts'), children: [3] },
        { id: 3, callFrame: frame('call', 'file:///repo/bff/upstream/legacy-client.ts'), children: [4] },
        // JSON.parse, called by the legacy client.
        { id: 4, callFrame: frame('parse', ''), children: [] },
        { id: 5, callFrame: frame('(idle)', ''), children: [] },
        { id: 6, callFrame: frame('processTicksAndRejections', 'node:internal/process/task_queues'), children: [] },
      ],
      samples: [2, 4, 4, 5, 6],
      // Each delta is the time since the previous sample: a sample stands for the next delta.
      timeDeltas: [0, 10, 20, 30, 1_000, 5],
    };
    expect(Object.fromEntries(piecesOf(profile, ROOT))).toEqual({
      'getSession: handler and mapping': 10,
      'legacy call: undici, client, timeout, cancellation': 50,
      [NODE_HTTP]: 5,
    });
  });
});
