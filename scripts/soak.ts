// `npm run soak [-- --coaches N --minutes M --chaos --redis-outage-seconds S]`: simulated coaches at human pace
// against two BFF instances, one redis-server and the sandbox, for a bounded time; prints non-2xx by operation
// and status, p50/p99 per minute and operation group, RSS of every process, the outbox check and the goals, and
// exits 1 when a goal is missed. `--chaos` also kills a BFF instance, stops Redis and turns the legacy API's
// faults on mid-run. How to read it: ops/README.md "Soak and chaos run".
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS, runSoak } from './soak/run.ts';

const { values } = parseArgs({
  options: {
    coaches: { type: 'string', default: String(DEFAULT_OPTIONS.coaches) },
    minutes: { type: 'string', default: String(DEFAULT_OPTIONS.minutes) },
    chaos: { type: 'boolean', default: false },
    'redis-outage-seconds': { type: 'string', default: String(DEFAULT_OPTIONS.redisOutageSeconds) },
  },
});

function positive(name: string, value: string | undefined, max: number): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || number > max) {
    console.error(`--${name} must be a number above 0 and at most ${max}, got: ${value}`);
    process.exit(2);
  }
  return number;
}

const coaches = Math.round(positive('coaches', values.coaches, 9_000));
const minutes = positive('minutes', values.minutes, 24 * 60);
const redisOutageSeconds = positive('redis-outage-seconds', values['redis-outage-seconds'], 600);
if (values.chaos && redisOutageSeconds * 1000 > 0.2 * minutes * 60_000) {
  console.error(`--redis-outage-seconds ${redisOutageSeconds} does not fit between the chaos run's events (at most a fifth of the run)`);
  process.exit(2);
}

const result = await runSoak({
  coaches,
  minutes,
  chaos: values.chaos,
  redisOutageSeconds,
  progress: (line) => process.stderr.write(`soak: ${line}\n`),
});
console.log(result.report);
console.log(result.passed ? '\nEvery goal met.' : '\nA goal was missed (see "not met" above).');
process.exit(result.passed ? 0 : 1);
