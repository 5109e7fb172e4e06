// The soak run's goals, judged from what it recorded, and which non-2xx answers it meant or expected (the
// guesser's, and in the chaos run those of each fault while it lasts). Correctness goals hold whatever the
// machine's load; timing and memory goals are judged by `npm run soak` and only printed by the test.
import { percentile } from '../bench/load.ts';
import type { OutboxCheck, RedisCheck } from './end-checks.ts';
import { type CallRecord, type ChaosEvent, isListGroup, type Recorder } from './record.ts';

export const LIST_P99_GOAL_MS = 1_000;
export const RSS_GROWTH_GOAL = 0.1;
export const REDIS_BACK_GOAL_MS = 5_000;
/** The BFF's sign-in limit the guesser is meant to hit (bff/README.md "Rate limits"). */
export const SIGN_IN_LIMIT = 5;

export interface Goal {
  name: string;
  measured: string;
  target: string;
  /** null: shown, not judged in this kind of run. */
  met: boolean | null;
  kind: 'correctness' | 'timing' | 'memory';
}

export interface RunFacts {
  recorder: Recorder;
  chaos: boolean;
  durationMs: number;
  bffNames: readonly string[];
  outbox: OutboxCheck;
  redis: RedisCheck;
  unexpectedExits: Record<string, number>;
  /** The guesser's answers, in order. */
  guesses: CallRecord[];
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** Why a non-2xx answer (or no answer) was to be expected, or undefined when it was not. */
export function expectedReason(answer: CallRecord, chaos: readonly ChaosEvent[], chaosRun: boolean): string | undefined {
  if (answer.meant) return answer.meant;
  if (is2xx(answer.status)) return undefined;
  const during = (event: ChaosEvent, slackMs: number) => answer.at <= event.to + slackMs && answer.at + answer.ms >= event.from;
  for (const event of chaos) {
    if (event.kind === 'kill' && answer.status === 0 && answer.instance === event.instance && during(event, 2_000))
      return `cut by the SIGKILL of ${event.instance}`;
    if (event.kind === 'redis' && during(event, 1_000)) {
      if (answer.status === 503 && answer.code === 'dependency_unavailable') return 'Redis stopped: 503 dependency_unavailable';
      if (answer.status === 0) return 'Redis stopped: a zip stream ended';
    }
    if (event.kind === 'faults' && during(event, 1_000) && [502, 504].includes(answer.status))
      return `legacy API faults: ${answer.status} ${answer.code}`;
  }
  if (chaosRun && answer.status === 409 && answer.code === 'idempotency_in_progress')
    return 'a retry while its first attempt holds the key';
  return undefined;
}

function windowMedian(samples: readonly { at: number; bytes: number }[], from: number, to: number): number {
  return percentile(
    samples.filter((sample) => sample.at >= from && sample.at <= to).map((sample) => sample.bytes),
    50,
  );
}

/** RSS growth over the last 80 % of the run: the median of its last tenth against the median of the tenth after warm-up. */
export function rssGrowth(samples: readonly { at: number; bytes: number }[], durationMs: number): number {
  const start = windowMedian(samples, 0.2 * durationMs, 0.3 * durationMs);
  const end = windowMedian(samples, 0.9 * durationMs, durationMs);
  return end / start - 1;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export function judge(facts: RunFacts): Goal[] {
  const { recorder, chaos, outbox, redis } = facts;
  const answers = recorder.answers;
  const unexpected = answers.filter((answer) => !is2xx(answer.status) && !expectedReason(answer, recorder.chaos, chaos));
  const notProblem = answers.filter((answer) => answer.notProblemJson);
  const coach429 = answers.filter((answer) => answer.status === 429 && !answer.meant);
  const firstRefusal = facts.guesses.findIndex((answer) => answer.status === 429);
  const listMs = answers.filter((answer) => isListGroup(answer.group) && is2xx(answer.status)).map((answer) => answer.ms);
  const listP99 = percentile(listMs, 99);
  const operations = new Set(answers.filter((answer) => is2xx(answer.status)).map((answer) => answer.operation));
  const steps = [
    'createSession',
    'getDashboard',
    'listAssessments',
    'sendInvites',
    'createReportDownload',
    'downloadReportArchive',
    'stopReportDownload',
    'deleteSession',
  ];
  const missingSteps = steps.filter((step) => !operations.has(step));
  const exits = Object.entries(facts.unexpectedExits).filter(([, n]) => n > 0);
  const killed = new Set(recorder.chaos.filter((event) => event.kind === 'kill').map((event) => event.instance));

  const goals: Goal[] = [
    {
      name: 'every step of a visit ran',
      measured: missingSteps.length === 0 ? 'all' : `never answered 2xx: ${missingSteps.join(', ')}`,
      target: steps.join(', '),
      met: missingSteps.length === 0 && recorder.batches.some((batch) => batch.outcome),
      kind: 'correctness',
    },
    {
      name: 'unexpected non-2xx (or no answer)',
      measured: unexpected.length === 0 ? '0' : summarize(unexpected),
      target: chaos ? '0 besides each fault while it lasts and the guesser' : '0 besides the guesser',
      met: unexpected.length === 0,
      kind: 'correctness',
    },
    {
      name: 'every non-2xx answer is problem+json',
      measured: notProblem.length === 0 ? 'all' : summarize(notProblem),
      target: 'all',
      met: notProblem.length === 0,
      kind: 'correctness',
    },
    {
      name: `sign-in limit (${SIGN_IN_LIMIT} failures a minute per address and e-mail) refuses the guesser, and only it`,
      measured: `guesser refused (429) from attempt ${firstRefusal + 1}; ${count(coach429.length, '429')} to coaches`,
      target: `429 at attempt ${SIGN_IN_LIMIT + 1}; none to coaches`,
      met: firstRefusal === SIGN_IN_LIMIT && coach429.length === 0,
      kind: 'correctness',
    },
    {
      name: 'no session lost',
      measured: recorder.sessionLosses.length === 0 ? '0' : summarizeLosses(recorder),
      target: '0 (only sign-out ends a session)',
      met: recorder.sessionLosses.length === 0,
      kind: 'correctness',
    },
    {
      name: 'outbox: no e-mail sent twice',
      measured: `${count(outbox.duplicates.length, 'client')} e-mailed twice (${outbox.emails} e-mails for ${count(outbox.items, 'item')})`,
      target: '0',
      met: outbox.duplicates.length === 0,
      kind: 'correctness',
    },
    {
      name: 'outbox: none missing for an item reported sent',
      measured: `${outbox.missing.length} missing; ${outbox.sentThoughFailed.length} sent though reported failed (told, not judged)`,
      target: '0 missing',
      met: outbox.missing.length === 0,
      kind: 'correctness',
    },
    {
      name: "every batch's outcome read",
      measured: `${recorder.batches.length - outbox.unanswered.length} of ${recorder.batches.length} answered; ${outbox.inconsistent.length} inconsistent`,
      target: 'all, consistent',
      met: outbox.unanswered.length === 0 && outbox.inconsistent.length === 0,
      kind: 'correctness',
    },
    {
      name: 'no Download Reports job left running (Redis)',
      measured:
        `${redis.runningJobs.length} running after ${(redis.waitedMs / 1000).toFixed(0)} s; ${redis.lapsedJobs} whose lease lapsed ` +
        `(failed on their next read), ${redis.pendingJobs} never started (both expire on their own)`,
      target: '0 running',
      met: redis.runningJobs.length === 0,
      kind: 'correctness',
    },
    {
      name: 'no Idempotency-Key left running (Redis)',
      measured: String(redis.runningKeys.length),
      target: '0',
      met: redis.runningKeys.length === 0,
      kind: 'correctness',
    },
    {
      name: 'no process exited on its own',
      measured: exits.length === 0 ? 'none' : exits.map(([name, n]) => `${name} ×${n}`).join(', '),
      target: 'none',
      met: exits.length === 0,
      kind: 'correctness',
    },
    {
      name: 'list pages p99 (2xx, whole run)',
      measured: `${Math.round(listP99)} ms over ${listMs.length}`,
      target: `≤ ${LIST_P99_GOAL_MS} ms`,
      met: chaos ? null : listP99 <= LIST_P99_GOAL_MS,
      kind: 'timing',
    },
  ];
  for (const name of facts.bffNames) {
    const samples = recorder.rss.filter((sample) => sample.process === name);
    const growth = rssGrowth(samples, facts.durationMs);
    goals.push({
      name: `RSS of ${name} flat after warm-up`,
      measured: killed.has(name) ? 'restarted mid-run' : `${(growth * 100).toFixed(1)} % over the last 80 %`,
      target: `growth ≤ ${RSS_GROWTH_GOAL * 100} %`,
      met: chaos ? null : growth <= RSS_GROWTH_GOAL,
      kind: 'memory',
    });
  }
  for (const event of recorder.chaos.filter((e) => e.kind === 'redis')) {
    const back = Math.max(...Object.values(event.backMs ?? { none: Number.POSITIVE_INFINITY }));
    goals.push({
      name: 'service back after Redis returns (a signed-in session answers through each instance)',
      measured: Object.entries(event.backMs ?? {})
        .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`)
        .join(', '),
      target: `≤ ${REDIS_BACK_GOAL_MS / 1000} s`,
      met: back <= REDIS_BACK_GOAL_MS,
      kind: 'timing',
    });
  }
  return goals;
}

function summarize(answers: readonly CallRecord[]): string {
  const byKey = new Map<string, number>();
  for (const answer of answers) {
    const key = `${answer.operation} ${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
    byKey.set(key, (byKey.get(key) ?? 0) + 1);
  }
  return [...byKey.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([key, n]) => `${key} ×${n}`)
    .join('; ');
}

function summarizeLosses(recorder: Recorder): string {
  const byOperation = new Map<string, number>();
  for (const loss of recorder.sessionLosses) byOperation.set(loss.operation, (byOperation.get(loss.operation) ?? 0) + 1);
  return `${recorder.sessionLosses.length} (${[...byOperation.entries()].map(([operation, n]) => `${operation} ×${n}`).join(', ')})`;
}
