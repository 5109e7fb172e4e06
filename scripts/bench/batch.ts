// The batch runner's benchmark: bff/batch/run-batch.ts over 500 items whose worker makes the invite call
// (`GET api/v2/tokens/{id}/sendinvite`) through the BFF's legacy client to an upstream that takes 20 ms.
import { randomUUID } from 'node:crypto';
import { runBatch } from '../../bff/batch/run-batch.ts';
import { createLegacyAgent, createLegacyClient } from '../../bff/upstream/legacy-client.ts';
import { LEGACY_COOKIE } from './shared.ts';

export interface BatchRun {
  concurrency: number;
  items: number;
  elapsedMs: number;
  maxInFlight: number;
  succeeded: number;
  /** Mean duration of one worker call (the upstream's 20 ms plus the client and the loopback). */
  meanCallMs: number;
}

export async function measureBatch(upstreamUrl: string, items: number, concurrency: number): Promise<BatchRun> {
  const agent = createLegacyAgent();
  const legacy = createLegacyClient({ baseUrl: upstreamUrl, agent, timeoutMs: 15_000, cookie: LEGACY_COOKIE });
  const selection = Array.from({ length: items }, (_, index) => ({ id: randomUUID(), name: `Client ${index + 1}` }));
  let inFlight = 0;
  let maxInFlight = 0;
  let callMs = 0;
  const started = performance.now();
  try {
    const result = await runBatch(
      selection,
      async (item, signal) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const callStarted = performance.now();
        try {
          const { data } = await legacy.GET('/api/v2/tokens/{assessmentId}/sendinvite', {
            params: { path: { assessmentId: item.id }, query: { serverSend: true } },
            signal,
          });
          if (!data?.sent) throw new Error('the invite was not sent');
        } finally {
          callMs += performance.now() - callStarted;
          inFlight--;
        }
      },
      { concurrency },
    );
    const elapsedMs = performance.now() - started;
    return { concurrency, items, elapsedMs, maxInFlight, succeeded: result.succeeded, meanCallMs: callMs / items };
  } finally {
    await agent.close();
  }
}
