// The alert rules: valid for Prometheus (`promtool check rules`), each alert firing on its signal and quiet
// below its threshold (`promtool test rules`), every expression naming metrics the BFF really exposes, and
// every alert explained in ops/README.md (what it means, what to do).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exposedMetricNames, metricNames } from './test-support/promql.ts';

const run = promisify(execFile);
const DIR = new URL('./prometheus/', import.meta.url).pathname;
const RULES = 'coach-portal-bff.rules.yml';

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (parse(readFileSync(`${DIR}${RULES}`, 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap(
  (group) => group.rules,
);

describe('alert rules', () => {
  let exposed: Set<string>;
  beforeAll(async () => {
    exposed = await exposedMetricNames();
  });

  it('pass promtool check rules', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', RULES], { cwd: DIR });
    expect(stdout).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('pass their promtool unit tests', async () => {
    const { stdout } = await run('promtool', ['test', 'rules', 'coach-portal-bff.rules.test.yml'], { cwd: DIR });
    expect(stdout).toContain('SUCCESS');
  });

  it('cover the signals operators asked for', () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual(
      [
        'BffDown',
        'BffHigh5xxRatio',
        'BffNotReady',
        'EventLoopLag',
        'LegacyApiErrorRatio',
        'LegacyApiTimeoutRatio',
        'RateLimitSpike',
        'RedisDown',
      ].sort(),
    );
  });

  it('name only metrics the BFF exposes', () => {
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exposed, `${rule.alert} uses ${name}`).toContain(name);
    }
  });

  it('each have a severity, a summary and a runbook section in ops/README.md', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    for (const rule of rules) {
      expect(['page', 'ticket']).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.runbook).toBe(`ops/README.md#${rule.alert.toLowerCase()}`);
      expect(readme, rule.alert).toContain(`### ${rule.alert}\n`);
    }
  });
});
