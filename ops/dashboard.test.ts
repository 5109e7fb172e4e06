// The Grafana dashboard: valid JSON whose every query is valid PromQL (checked by promtool as recording
// rules, Grafana's variables filled in) naming only metrics the BFF exposes, and covering every alert's signal.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { exposedMetricNames, metricNames } from './test-support/promql.ts';

const run = promisify(execFile);

interface Panel {
  type: string;
  title: string;
  targets?: Array<{ expr: string }>;
}
const dashboard = JSON.parse(readFileSync(new URL('./grafana/coach-portal-bff.dashboard.json', import.meta.url), 'utf8')) as {
  uid: string;
  panels: Panel[];
};
const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
const filled = (expr: string) => expr.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*');

describe('Grafana dashboard', () => {
  let exposed: Set<string>;
  beforeAll(async () => {
    exposed = await exposedMetricNames();
  });

  it('has queries in every panel but the rows', () => {
    expect(dashboard.uid).toBe('coach-portal-bff');
    for (const panel of dashboard.panels.filter((candidate) => candidate.type !== 'row')) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('names only metrics the BFF exposes', () => {
    for (const { panel, expr } of expressions) {
      const names = metricNames(filled(expr));
      expect(names.length, panel).toBeGreaterThan(0);
      for (const name of names) expect(exposed, `${panel} uses ${name}`).toContain(name);
    }
  });

  it('has queries promtool accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dashboard-'));
    try {
      const rules = expressions.map(({ expr }, index) => ({ record: `dashboard:query_${index}`, expr: filled(expr) }));
      writeFileSync(join(dir, 'queries.yml'), stringify({ groups: [{ name: 'dashboard', rules }] }));
      const { stdout } = await run('promtool', ['check', 'rules', join(dir, 'queries.yml')]);
      expect(stdout).toContain(`SUCCESS: ${rules.length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows every alert's signal", () => {
    const all = expressions.map(({ expr }) => expr).join('\n');
    for (const metric of [
      'bff_http_requests_total',
      'bff_legacy_requests_total',
      'bff_legacy_timeouts_total',
      'bff_rate_limit_rejections_total',
      'bff_redis_up',
      'nodejs_eventloop_lag_p99_seconds',
      'up{',
    ]) {
      expect(all).toContain(metric);
    }
  });
});
