// What the ops tests check the rules and the dashboard against: the metric names the BFF really exposes
// (read from its metrics listener, Redis included), and the metric names a PromQL expression uses.
import { startRedis } from '../../bff/test-support/redis-server.ts';
import { startSandboxBff } from '../../bff/test-support/sandbox-bff.ts';

/** Every series name a scrape of the BFF (with REDIS_URL) can show, histogram suffixes included, and Prometheus's `up`. */
export async function exposedMetricNames(): Promise<Set<string>> {
  const redis = await startRedis();
  const bff = await startSandboxBff({ assessments: 1, env: { METRICS_PORT: '0', REDIS_URL: redis.url } });
  try {
    const text = await (await fetch(bff.server.metrics?.url() ?? '')).text();
    const names = new Set(['up']);
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      if (!name) continue;
      names.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
      if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
    }
    return names;
  } finally {
    await bff.close();
    await redis.stop();
  }
}

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'inf',
  'nan',
]);

/** The metric names of a PromQL expression: label matchers, strings, ranges, grouping lists and function names left out. */
export function metricNames(expression: string): string[] {
  const stripped = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const after = stripped.slice((match.index ?? 0) + name.length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}
