// The soak run's printout: non-2xx by operation and status, p50/p99 per minute and operation group, RSS of every
// process over time, the batches and the outbox, the Download Reports jobs, the chaos events, and the goals.
import { availableParallelism } from 'node:os';
import { percentile } from '../bench/load.ts';
import { expectedReason, type Goal, type RunFacts } from './goals.ts';
import { GROUPS, type RssSample } from './record.ts';

const MB = 1024 * 1024;

/** CPU used between `from` and `to` as a share of one core, summed over the process's lives (a restart starts again at 0). */
function cpuShare(samples: readonly RssSample[], from: number, to: number): string {
  const inside = samples.filter((sample) => sample.at >= from && sample.at < to);
  let cpuMs = 0;
  for (let index = 1; index < inside.length; index++) {
    const step = (inside[index] as RssSample).cpuMs - (inside[index - 1] as RssSample).cpuMs;
    if (step > 0) cpuMs += step;
  }
  const wallMs = (inside.at(-1)?.at ?? 0) - (inside[0]?.at ?? 0);
  return wallMs > 0 ? `${Math.round((cpuMs / wallMs) * 100)} %` : '–';
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;
const verdict = (met: boolean | null) => (met === null ? 'shown' : met ? 'met' : '**not met**');

export interface RunDescription {
  coaches: number;
  minutes: number;
  chaos: boolean;
  latency: Record<string, number>;
  logDir: string;
  addresses: string;
}

export function render(description: RunDescription, facts: RunFacts, goals: readonly Goal[]): string {
  const { recorder } = facts;
  const answers = recorder.answers;
  const minutes = Math.max(1, Math.ceil(facts.durationMs / 60_000));
  const lines: string[] = [];
  lines.push(
    `Soak run: ${description.coaches} coaches for ${description.minutes} min${description.chaos ? ', with chaos' : ''}; ` +
      `two BFF instances behind a round-robin balancer, one redis-server (append-only file), the sandbox with legacy latency ` +
      `${Object.entries(description.latency)
        .map(([operation, ms]) => `${operation} ${ms} ms`)
        .join(', ')}. Coaches from ${description.addresses}. Logs: ${description.logDir}`,
    '',
    `${answers.length} answers; ${recorder.rerouted} connections refused by one instance and sent to the other.`,
    '',
  );

  const non2xx = new Map<string, { n: number; reason: string }>();
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) continue;
    const reason = expectedReason(answer, recorder.chaos, facts.chaos) ?? '**unexpected**';
    const key = [answer.operation, answer.status === 0 ? 'no answer' : String(answer.status), answer.code ?? '', reason].join('\u0000');
    const entry = non2xx.get(key) ?? { n: 0, reason };
    entry.n++;
    non2xx.set(key, entry);
  }
  lines.push('Non-2xx answers (and requests without an answer) by operation and status:', '');
  lines.push(
    non2xx.size === 0
      ? '(none)'
      : table(
          ['operation', 'status', 'code', 'count', 'why'],
          [...non2xx.entries()].map(([key, { n, reason }]) => {
            const [operation = '', status = '', code = ''] = key.split('\u0000');
            return [operation, status, code, String(n), reason];
          }),
        ),
    '',
  );

  lines.push('Latency of 2xx answers, p50 / p99 in ms (count), per minute of the run:', '');
  const minuteHeader = Array.from({ length: minutes }, (_, minute) => `min ${minute + 1}`);
  lines.push(
    table(
      ['group', ...minuteHeader, 'whole run'],
      GROUPS.flatMap((group) => {
        const ok = answers.filter((answer) => answer.group === group && answer.status >= 200 && answer.status < 300);
        if (ok.length === 0) return [];
        const cell = (ms: number[]) =>
          ms.length === 0 ? '–' : `${Math.round(percentile(ms, 50))} / ${Math.round(percentile(ms, 99))} (${ms.length})`;
        return [
          [
            group,
            ...minuteHeader.map((_, minute) =>
              cell(ok.filter((answer) => Math.floor(answer.at / 60_000) === minute).map((answer) => answer.ms)),
            ),
            cell(ok.map((answer) => answer.ms)),
          ],
        ];
      }),
    ),
    '',
  );

  lines.push('Resident memory (MB, median of the samples taken every 2 s) per minute:', '');
  const processes = [...new Set(recorder.rss.map((sample) => sample.process))];
  lines.push(
    table(
      ['process', ...minuteHeader, 'peak'],
      processes.map((name) => {
        const samples = recorder.rss.filter((sample) => sample.process === name);
        return [
          name,
          ...minuteHeader.map((_, minute) => {
            const bytes = samples.filter((sample) => Math.floor(sample.at / 60_000) === minute).map((sample) => sample.bytes);
            return bytes.length === 0 ? '–' : (percentile(bytes, 50) / MB).toFixed(0);
          }),
          (Math.max(...samples.map((sample) => sample.bytes)) / MB).toFixed(0),
        ];
      }),
    ),
    '',
  );

  lines.push(
    "CPU (% of one core, per minute) and the machine's load average: the figures above are only as good as the machine was idle.",
    '',
  );
  lines.push(
    table(
      ['process', ...minuteHeader, 'whole run'],
      [
        ...processes.map((name) => {
          const samples = recorder.rss.filter((sample) => sample.process === name);
          return [
            name,
            ...minuteHeader.map((_, minute) => cpuShare(samples, minute * 60_000, (minute + 1) * 60_000)),
            cpuShare(samples, 0, Infinity),
          ];
        }),
        [
          'load average (1 min)',
          ...minuteHeader.map((_, minute) => {
            const loads = recorder.load.filter((sample) => Math.floor(sample.at / 60_000) === minute).map((sample) => sample.load);
            return loads.length === 0 ? '–' : percentile(loads, 50).toFixed(1);
          }),
          `${availableParallelism()} cores`,
        ],
      ],
    ),
    '',
  );

  const { outbox } = facts;
  const items = recorder.batches.reduce((sum, batch) => sum + batch.items.length, 0);
  const succeeded = recorder.batches.reduce((sum, batch) => sum + (batch.outcome?.succeeded ?? 0), 0);
  const failedItems = recorder.batches.reduce((sum, batch) => sum + (batch.outcome?.failed.length ?? 0), 0);
  const retried = recorder.batches.filter((batch) => batch.attempts > 1).length;
  lines.push(
    `Invite batches: ${recorder.batches.length} (${items} items: ${succeeded} sent, ${failedItems} failed), ${retried} retried with their ` +
      `Idempotency-Key. Outbox: ${outbox.emails} e-mails to the ${outbox.items} clients of the batches; ` +
      `${outbox.duplicates.length} e-mailed twice, ${outbox.missing.length} missing, ${outbox.sentThoughFailed.length} sent though reported failed.`,
  );
  for (const duplicate of outbox.duplicates.slice(0, 10))
    lines.push(`  twice: coach ${duplicate.coach}, key ${duplicate.key}, ${duplicate.clientEmail} ×${duplicate.count}`);
  for (const missing of outbox.missing.slice(0, 10))
    lines.push(`  missing: coach ${missing.coach}, key ${missing.key}, ${missing.clientEmail}`);
  for (const item of outbox.sentThoughFailed.slice(0, 10))
    lines.push(`  sent though reported "${item.reported}": coach ${item.coach}, key ${item.key}, ${item.clientEmail}`);
  for (const batch of outbox.unanswered.slice(0, 10))
    lines.push(`  no outcome: coach ${batch.coach}, key ${batch.key}, last answer ${batch.status} after ${batch.attempts} attempts`);

  const byStatus = new Map<string, number>();
  for (const job of recorder.jobs) {
    const key = `${job.plan === 'stop' ? 'stopped by the coach' : 'downloaded'} → ${job.finalStatus}${job.abandoned ? ' (left by the coach)' : ''}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const zipBytes = recorder.jobs.reduce((sum, job) => sum + job.archiveBytes, 0);
  lines.push(
    `Download Reports jobs: ${recorder.jobs.length} (${[...byStatus.entries()].map(([key, n]) => `${key}: ${n}`).join('; ') || 'none'}), ` +
      `${(zipBytes / MB).toFixed(1)} MB of zips. Redis at the end: ${facts.redis.runningJobs.length} jobs running, ${facts.redis.lapsedJobs} lapsed, ` +
      `${facts.redis.pendingJobs} never started, ${facts.redis.runningKeys.length} Idempotency-Keys claimed as running.`,
    '',
  );

  if (recorder.chaos.length > 0) {
    lines.push('Chaos:', '');
    for (const event of recorder.chaos) lines.push(`- ${clock(event.from)}–${clock(event.to)} ${event.what}`);
    lines.push('');
  }

  lines.push(
    table(
      ['goal', 'measured', 'target', 'result'],
      goals.map((goal) => [goal.name, goal.measured, goal.target, verdict(goal.met)]),
    ),
  );
  return lines.join('\n');
}
