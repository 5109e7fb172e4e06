// One soak run: starts redis-server, the sandbox (with soak accounts and legacy latency) and two BFF instances,
// drives the simulated coaches (and, with chaos, kills an instance, stops Redis and turns the legacy faults on
// mid-run), then reads the outbox and Redis and judges the goals. `npm run soak` (scripts/soak.ts) and
// scripts/soak.test.ts call `runSoak`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PASSWORD } from '../../sandbox/seed/accounts.ts';
import { soakCoachEmail } from '../../sandbox/seed/soak.ts';
import { cpuMsOf, rssOf } from '../bench/processes.ts';
import { freePort } from '../lib/prism.ts';
import { bffEnvForSandbox, DEFAULT_WEB_DIST_DIR } from '../lib/stack.ts';
import { Balancer, CoachClient, type Instance } from './client.ts';
import { type Pace, SimulatedCoach } from './coach.ts';
import { checkOutbox, checkRedis } from './end-checks.ts';
import { type Goal, judge, type RunFacts, SIGN_IN_LIMIT } from './goals.ts';
import { bffProcess, logStream, type ManagedProcess, redisProcess, sandboxProcess } from './processes.ts';
import { Recorder } from './record.ts';
import { render } from './report.ts';
import { Victim } from './victim.ts';

export interface SoakOptions {
  coaches: number;
  minutes: number;
  chaos: boolean;
  /** How long Redis stays stopped in the chaos run. */
  redisOutageSeconds: number;
  pace: Pace;
  /** The sandbox's added latency per legacy operationId ('*': every other one). */
  legacyLatencyMs: Record<string, number>;
  /** How long a step is retried through an outage before the coach gives up on it. */
  retryBudgetMs: number;
  /** Progress lines (stderr in `npm run soak`). */
  progress: (line: string) => void;
}

/** Latency of the legacy API as the portal meets it (sign-in and the full lists are its slow calls). */
export const REALISTIC_LEGACY_LATENCY_MS: Record<string, number> = {
  '*': 80,
  login: 300,
  getCoach: 60,
  getDashboardInfo: 150,
  listCoachAssessments: 400,
  sendInvite: 200,
  downloadCoachReport: 500,
};

/** The legacy API's faults in the chaos run: some calls of every kind fail, sending and reports more often. */
const CHAOS_FAILURE_RATE = { '*': 0.05, sendInvite: 0.25, downloadCoachReport: 0.25 };

export const DEFAULT_OPTIONS: SoakOptions = {
  coaches: 200,
  minutes: 10,
  chaos: false,
  redisOutageSeconds: 30,
  pace: { thinkMs: [2_000, 8_000], awayMs: [10_000, 40_000] },
  legacyLatencyMs: REALISTIC_LEGACY_LATENCY_MS,
  retryBudgetMs: 90_000,
  progress: () => {},
};

export interface SoakResult {
  goals: Goal[];
  report: string;
  /** Every judged goal met. */
  passed: boolean;
  logDir: string;
}

/** The n-th address from 127.0.0.2 up (127.0.0.1 is the processes' own): one per coach, never .0 or .255. */
export function coachAddress(n: number): string {
  return `127.0.${Math.floor(n / 254)}.${(n % 254) + 1}`;
}
/** The guesser's number among the clients (the coaches are 1…n, the chaos run's probe n + 1 and victim n + 2). */
const GUESSER = 0;
const GUESSER_ADDRESS = '127.1.0.1';
const PROBE_ADDRESS = '127.1.0.2';
const VICTIM_ADDRESS = '127.1.0.3';

/** Resident memory and CPU time of a process from /proc (undefined once it is gone). */
function usageOf(pid: number): { bytes: number; cpuMs: number } | undefined {
  try {
    return { bytes: rssOf(pid), cpuMs: cpuMsOf(pid) };
  } catch {
    return undefined;
  }
}

export async function runSoak(overrides: Partial<SoakOptions> = {}): Promise<SoakResult> {
  const options = { ...DEFAULT_OPTIONS, ...overrides };
  const { progress } = options;
  const durationMs = options.minutes * 60_000;
  const logDir = mkdtempSync(join(tmpdir(), 'coachportal-soak-'));
  const log = logStream(logDir);
  const redisDir = join(logDir, 'redis');
  mkdirSync(redisDir);
  const redisPort = await freePort();
  const sandboxPort = await freePort();
  const portA = await freePort();
  const portB = await freePort();
  const origin = `http://127.0.0.1:${portA}`;
  const redis = redisProcess({ port: redisPort, dir: redisDir }, log);
  // Two more accounts than coaches: the chaos run's probe and victim sign in with them.
  const sandbox = sandboxProcess(
    sandboxPort,
    {
      SANDBOX_FAULTS: '1',
      SANDBOX_FAULT_LATENCY: JSON.stringify(options.legacyLatencyMs),
      SANDBOX_SOAK_COACHES: String(options.coaches + 2),
    },
    log,
  );
  // Both instances sign and verify the same cookies, as behind any balancer.
  const sessionSecrets = randomBytes(32).toString('hex');
  const bffEnv = (port: number): NodeJS.ProcessEnv => ({
    ...bffEnvForSandbox(sandbox.url, port, DEFAULT_WEB_DIST_DIR),
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    REDIS_URL: redis.url,
    SESSION_SECRETS: sessionSecrets,
    // The portal's one origin, whichever instance answers. No TRUST_PROXY: the client address is the socket's.
    ALLOWED_ORIGINS: origin,
  });
  const bffs = [bffProcess('bff-a', portA, bffEnv(portA), log), bffProcess('bff-b', portB, bffEnv(portB), log)];
  const all: ManagedProcess[] = [redis, sandbox, ...bffs];
  const recorder = new Recorder();
  const balancer = new Balancer(bffs.map((bff): Instance => ({ name: bff.name, url: bff.url })));
  const clients: CoachClient[] = [];
  let sampler: NodeJS.Timeout | undefined;
  let reporter: NodeJS.Timeout | undefined;

  try {
    progress(`starting redis-server, the sandbox (${options.coaches} soak coaches) and two BFF instances; logs in ${logDir}`);
    await redis.start();
    await sandbox.start();
    await Promise.all(bffs.map((bff) => bff.start()));
    recorder.start();
    const sample = () => {
      const at = recorder.now();
      for (const child of all) {
        const usage = child.pid() ? usageOf(child.pid()) : undefined;
        if (usage) recorder.rss.push({ at, process: child.name, ...usage });
      }
      recorder.load.push({ at, load: loadavg()[0] ?? 0 });
    };
    sample();
    sampler = setInterval(sample, 2_000);
    reporter = setInterval(() => {
      const answers = recorder.answers;
      const non2xx = answers.filter((answer) => answer.status < 200 || answer.status >= 300).length;
      progress(
        `${Math.round(recorder.now() / 1000)} s: ${answers.length} answers, ${non2xx} non-2xx, ${recorder.batches.length} batches, ${recorder.jobs.length} jobs`,
      );
    }, 30_000);

    const deadline = durationMs;
    const newClient = (n: number, address: string) => {
      const client = new CoachClient(n, address, balancer, recorder, origin);
      client.onSessionLost = (operation, instance) => recorder.sessionLosses.push({ coach: n, at: recorder.now(), operation, instance });
      clients.push(client);
      return client;
    };
    // Coaches arrive over the first tenth of the run (at most a minute), not all at once.
    const arrivalMs = Math.min(60_000, durationMs / 10);
    const coaches = Array.from({ length: options.coaches }, (_, index) => {
      const n = index + 1;
      const coach = new SimulatedCoach({
        client: newClient(n, coachAddress(n)),
        recorder,
        pace: options.pace,
        deadline,
        retryBudgetMs: options.retryBudgetMs,
      });
      return coach.run((arrivalMs * index) / options.coaches);
    });
    const guesses = guesser(newClient(GUESSER, GUESSER_ADDRESS), 0.05 * durationMs);
    const chaos = options.chaos
      ? runChaos({
          recorder,
          bffs,
          redis,
          sandboxUrl: sandbox.url,
          probe: newClient(options.coaches + 1, PROBE_ADDRESS),
          victim: newClient(options.coaches + 2, VICTIM_ADDRESS),
          durationMs,
          options,
        })
      : Promise.resolve();
    await Promise.all([...coaches, chaos]);
    await guesses;
    const guessed = recorder.answers.filter((answer) => answer.coach === GUESSER);
    clearInterval(reporter);
    progress(`coaches done at ${Math.round(recorder.now() / 1000)} s; reading the outbox and Redis`);
    const redisCheck = await checkRedis(redis.url, options.chaos ? 45_000 : 5_000);
    const outbox = await checkOutbox(sandbox.url, recorder.batches);
    clearInterval(sampler);
    const facts: RunFacts = {
      recorder,
      chaos: options.chaos,
      durationMs,
      bffNames: bffs.map((bff) => bff.name),
      outbox,
      redis: redisCheck,
      unexpectedExits: Object.fromEntries(all.map((child) => [child.name, child.unexpectedExits()])),
      guesses: guessed,
    };
    const goals = judge(facts);
    const report = render(
      {
        coaches: options.coaches,
        minutes: options.minutes,
        chaos: options.chaos,
        latency: options.legacyLatencyMs,
        logDir,
        addresses: `${coachAddress(1)}–${coachAddress(options.coaches)} (one each; the sign-in guesser ${GUESSER_ADDRESS})`,
      },
      facts,
      goals,
    );
    return { goals, report, passed: goals.every((goal) => goal.met !== false), logDir };
  } finally {
    clearInterval(sampler);
    clearInterval(reporter);
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await Promise.all([...bffs, sandbox].map((child) => child.stop()));
    await redis.stop();
    log.end();
  }
}

/**
 * The run's one meant refusal: a visitor guessing a password from an address of its own, one attempt every
 * 1.5 s, until the BFF's sign-in limit answers 429 (or 3 attempts past it). Its 401s and 429s are meant.
 */
async function guesser(client: CoachClient, atMs: number): Promise<void> {
  await sleep(atMs);
  for (let attempt = 1; attempt <= SIGN_IN_LIMIT + 3; attempt++) {
    const reply = await client.call({
      operation: 'createSession',
      group: 'sign-in',
      method: 'POST',
      path: '/api/session',
      body: { email: 'guesser@soak.example.test', password: `wrong-password-${attempt}` },
      meant: (status, code) =>
        status === 401 && code === 'invalid_credentials'
          ? "the guesser's wrong password"
          : status === 429 && code === 'rate_limited'
            ? `the sign-in limit (${SIGN_IN_LIMIT} failures a minute per address and e-mail) refusing the guesser`
            : undefined,
    });
    if (reply.status === 429) break;
    await sleep(1_500);
  }
}

interface ChaosContext {
  recorder: Recorder;
  bffs: ManagedProcess[];
  redis: ManagedProcess;
  sandboxUrl: string;
  probe: CoachClient;
  victim: CoachClient;
  durationMs: number;
  options: SoakOptions;
}

/**
 * Mid-run, each while a batch runs (`./victim.ts`): SIGKILL of one BFF instance, with a zip streaming from it too
 * (started again 2 s later, as an orchestrator would), Redis stopped for
 * `redisOutageSeconds` (SIGTERM, as a restart does, then started on the same append-only file: the production
 * setting bff/README.md recommends, under which no session may be lost), then the legacy API's faults for a while.
 */
async function runChaos(ctx: ChaosContext): Promise<void> {
  const { recorder, durationMs, options, probe } = ctx;
  const until = async (fraction: number) => sleep(Math.max(0, fraction * durationMs - recorder.now()));
  // The probe is signed in before any fault; after Redis returns it measures when each instance serves it again.
  const signedIn = await probe.call({
    operation: 'createSession',
    group: 'sign-in',
    method: 'POST',
    path: '/api/session',
    body: { email: soakCoachEmail(options.coaches + 1), password: DEMO_PASSWORD },
    unrecorded: true,
  });
  probe.signedIn = signedIn.status === 200;
  probe.onSessionLost = (operation, instance) =>
    recorder.sessionLosses.push({ coach: probe.coach, at: recorder.now(), operation: `${operation} (probe)`, instance });

  const victim = new Victim(ctx.victim, recorder, ctx.sandboxUrl, options.retryBudgetMs);
  await victim.prepare();

  await until(0.2);
  const killed = ctx.bffs[1] as ManagedProcess;
  const target = { name: killed.name, url: killed.url };
  const zip = await victim.zip(target);
  const batchAtKill = await victim.batch(target);
  const inFlight = `${batchAtKill.what} and ${zip.what} in flight on it`;
  const killedAt = recorder.now();
  options.progress(`chaos: SIGKILL ${killed.name} with ${inFlight}`);
  await killed.kill('SIGKILL');
  await sleep(2_000);
  await killed.start();
  recorder.chaos.push({
    kind: 'kill',
    what: `SIGKILL of ${killed.name} with ${inFlight}; started again 2 s later, serving after ${((recorder.now() - killedAt) / 1000).toFixed(1)} s`,
    from: killedAt,
    to: recorder.now(),
    instance: killed.name,
  });

  await until(0.4);
  const batchAtStop = await victim.batch();
  const stoppedAt = recorder.now();
  options.progress(`chaos: Redis stopped for ${options.redisOutageSeconds} s with ${batchAtStop.what} in flight`);
  await ctx.redis.kill('SIGTERM');
  await sleep(options.redisOutageSeconds * 1000);
  await ctx.redis.start();
  const backAt = recorder.now();
  const backMs: Record<string, number> = {};
  await Promise.all(
    ctx.bffs.map(async (bff) => {
      const instance = { name: bff.name, url: bff.url };
      while (recorder.now() - backAt < 60_000) {
        const reply = await probe.call({
          operation: 'getSession',
          group: 'dashboard',
          method: 'GET',
          path: '/api/session',
          instance,
          unrecorded: true,
        });
        if (reply.status === 200 || reply.status === 401) break;
        await sleep(100);
      }
      backMs[bff.name] = recorder.now() - backAt;
    }),
  );
  recorder.chaos.push({
    kind: 'redis',
    what:
      `Redis stopped (SIGTERM) for ${options.redisOutageSeconds} s with ${batchAtStop.what} in flight, started again on ` +
      'the same append-only file; ' +
      `a session signed in before answered through each instance ${Object.entries(backMs)
        .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`)
        .join(', ')} after Redis was back`,
    from: stoppedAt,
    to: backAt + Math.max(...Object.values(backMs)),
    backMs,
  });

  await until(0.65);
  const faultsAt = recorder.now();
  const faultsMs = Math.max(10_000, 0.12 * durationMs);
  options.progress(`chaos: legacy API faults for ${Math.round(faultsMs / 1000)} s`);
  await putFaults(ctx.sandboxUrl, { latencyMs: options.legacyLatencyMs, failureRate: CHAOS_FAILURE_RATE });
  await sleep(faultsMs);
  await putFaults(ctx.sandboxUrl, { latencyMs: options.legacyLatencyMs });
  recorder.chaos.push({
    kind: 'faults',
    what: `legacy API faults: 500 for ${Object.entries(CHAOS_FAILURE_RATE)
      .map(([operation, rate]) => `${rate * 100} % of ${operation === '*' ? 'every other call' : operation}`)
      .join(', ')}`,
    from: faultsAt,
    to: recorder.now(),
  });
  await Promise.all([zip.done, batchAtKill.done, batchAtStop.done]);
}

async function putFaults(sandboxUrl: string, switches: object): Promise<void> {
  const response = await fetch(`${sandboxUrl}/__sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(switches),
  });
  if (!response.ok) throw new Error(`the sandbox's faults answered ${response.status}`);
}
