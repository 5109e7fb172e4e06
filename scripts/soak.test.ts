// `npm run soak` in small: 20 coaches for a minute, and the same with chaos (a BFF instance killed, Redis stopped for
// 10 s, the legacy API's faults), side by side. Each run's correctness goals are asserted (no unexpected non-2xx,
// problem+json on every refusal, the guesser alone refused by the sign-in limit, no session lost, the outbox exact,
// every batch's outcome read, nothing left running in Redis, no process crashed); its latency and memory figures
// depend on the machine's load, so they are printed, not asserted (the full run judges them: ops/README.md).
import { describe, it } from 'vitest';
import { runSoak } from './soak/run.ts';

const RUN_TIMEOUT_MS = 240_000;

async function correctnessMisses(chaos: boolean) {
  // A batch retried for 45 s at most: a dead instance's claim lapses within IDEMPOTENCY_LEASE_MS (bff/batch/idempotency-store.ts).
  const result = await runSoak({ coaches: 20, minutes: 1, chaos, redisOutageSeconds: 10, retryBudgetMs: 45_000 });
  console.log(result.report);
  return result.goals.filter((goal) => goal.kind === 'correctness' && !goal.met).map(({ name, measured }) => ({ name, measured }));
}

describe('npm run soak, a one-minute run', () => {
  it.concurrent('meets its correctness goals', { timeout: RUN_TIMEOUT_MS }, async ({ expect }) => {
    expect(await correctnessMisses(false)).toEqual([]);
  });

  it.concurrent('meets them through a BFF instance killed, Redis stopped and the legacy API failing', { timeout: RUN_TIMEOUT_MS }, async ({
    expect,
  }) => {
    expect(await correctnessMisses(true)).toEqual([]);
  });
});
