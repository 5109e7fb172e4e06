// Over a real socket: only a real connection can go away.
import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import type { BatchResult } from '../../batch/run-batch.ts';
import { runBatch } from '../../batch/run-batch.ts';
import { startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { captureLogs, testConfig } from '../../test-support/test-server.ts';
import clientGone, { ClientGoneError } from './client-gone.ts';

const servers: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('request.clientGone', () => {
  it('stops a batch when the client disconnects: nothing new starts, the items in flight finish and count', async () => {
    const started = deferred<AbortSignal>();
    const release = deferred<void>();
    const finished = deferred<{ result: BatchResult; reason: unknown }>();
    const app = Fastify();
    servers.push(app);
    await app.register(clientGone);
    app.post('/batch', async (request) => {
      const signal = request.clientGone;
      const result = await runBatch(
        Array.from({ length: 8 }, (_, index) => ({ id: String(index), name: `n${index}` })),
        async () => {
          started.resolve(signal);
          await release.promise;
        },
        { concurrency: 2, signal },
      );
      finished.resolve({ result, reason: signal.reason });
      return result;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');

    const socket = connect(address.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('POST /batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    const signal = await started.promise;
    socket.destroy();
    if (!signal.aborted) await once(signal, 'abort');
    release.resolve();

    const { result, reason } = await finished.promise;
    expect(result).toEqual({
      total: 8,
      succeeded: 2,
      failed: [],
      notAttempted: 6,
      notAttemptedIds: ['2', '3', '4', '5', '6', '7'],
    });
    expect(reason).toBeInstanceOf(ClientGoneError);
  });

  it('does not fire after a complete answer', async () => {
    const signals: AbortSignal[] = [];
    const app = Fastify();
    servers.push(app);
    await app.register(clientGone);
    app.get('/ok', async (request) => {
      signals.push(request.clientGone);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    const response = await fetch(`http://127.0.0.1:${address.port}/ok`);
    expect(await response.json()).toEqual({ ok: true });
    await app.close();
    expect(signals[0]?.aborted).toBe(false);
  });
});

describe('a browser that leaves during an upstream call', () => {
  it('cancels the call and is logged as information, not as a failure', async () => {
    const upstream = await startFaultUpstream();
    upstream.answer('GET /mintor/initAssessment', { fault: 'slow', delayMs: 5_000 });
    const logs = captureLogs();
    const server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, LOG_LEVEL: 'info' }), { logger: logs.logger });
    servers.push(server, upstream);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');

    const socket = connect(address.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /api/public/mini/translations HTTP/1.1\r\nHost: x\r\n\r\n');
    const call = await upstream.request(1);
    socket.destroy();
    await call.abandoned;
    await expect.poll(() => logs.lines().some((line) => line.msg === 'client went away before the answer')).toBe(true);
    expect(logs.lines().filter((line) => line.level === 'error')).toEqual([]);
  });
});
