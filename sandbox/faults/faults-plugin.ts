// Applies the fault switches to every contract route, and serves /__sandbox/faults to change them.
// Only registered when faults are enabled (SANDBOX_FAULTS=1), so a plain sandbox never misbehaves.
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRng } from '../domain/rng.ts';
import { emptySwitches, type FaultSwitches } from './switches.ts';

const ADMIN_PATH = '/__sandbox/faults';

export function registerFaults(app: FastifyInstance, switches: FaultSwitches): void {
  // A fixed seed keeps a failure rate reproducible from one run to the next.
  const prng = createRng(4);

  app.get(ADMIN_PATH, async () => switches);
  app.put(ADMIN_PATH, async (request) => Object.assign(switches, emptySwitches(), request.body as Partial<FaultSwitches>));
  app.delete(ADMIN_PATH, async () => Object.assign(switches, emptySwitches()));

  app.addHook('preHandler', async (request, reply) => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId) return;
    const applies = (list: string[]) => list.includes(operationId) || list.includes('*');
    const perOperation = (map: Record<string, number>) => map[operationId] ?? map['*'] ?? 0;

    const latency = perOperation(switches.latencyMs);
    if (latency > 0) await sleep(latency);
    if (applies(switches.connectionResets)) {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (applies(switches.forbidden)) return reply.code(403).send({ error: { info: 'Forbidden - please log in again.' } });
    const status = perOperation(switches.serverErrors);
    if (status >= 500) return reply.code(status).send({ error: { info: `Sandbox fault: ${status} for ${operationId}` } });
    const item = failingItem(request, switches.failingItems);
    if (item) return reply.code(500).send({ error: { info: `Sandbox fault: ${item} always fails` } });
    const rate = perOperation(switches.failureRate);
    if (rate > 0 && prng.next() < rate) return reply.code(500).send({ error: { info: `Sandbox fault: random failure of ${operationId}` } });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const rate = switches.slowDownloadBytesPerSecond;
    const type = String(reply.getHeader('content-type') ?? '');
    if (rate <= 0 || !request.routeOptions.config.operationId || type.startsWith('application/json') || !Buffer.isBuffer(payload))
      return payload;
    reply.removeHeader('content-length');
    return Readable.from(throttle(payload, rate));
  });
}

/** A path parameter, query value or body field (or list entry) equal to a failing item. */
function failingItem(request: FastifyRequest, items: string[]): string | undefined {
  if (items.length === 0) return undefined;
  const values = [request.params, request.query, request.body].flatMap((source) =>
    source && typeof source === 'object' ? Object.values(source).flatMap((value) => (Array.isArray(value) ? value : [value])) : [],
  );
  return items.find((item) => values.some((value) => typeof value === 'string' && value.toLowerCase() === item.toLowerCase()));
}

async function* throttle(payload: Buffer, bytesPerSecond: number) {
  const chunk = Math.max(1, Math.ceil(bytesPerSecond / 10));
  for (let offset = 0; offset < payload.length; offset += chunk) {
    yield payload.subarray(offset, offset + chunk);
    await sleep(100);
  }
}
