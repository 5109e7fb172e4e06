// A real Prometheus (Debian's package) scrapes a BFF's metrics listener every second: after a burst of wrong
// sign-ins the rate-limit refusals are visible through Prometheus's own query API, by limit name and never by
// key, and the alert rules load and evaluate without error against what it scraped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, type SandboxBff, startSandboxBff } from '../bff/test-support/sandbox-bff.ts';
import { SEED_COACHES } from '../sandbox/seed/accounts.ts';
import { type RunningPrometheus, startPrometheus } from './test-support/prometheus.ts';

const RULES = new URL('./prometheus/coach-portal-bff.rules.yml', import.meta.url).pathname;
// Sign-in allows 5 failed attempts a minute per IP and e-mail: the 6th and later are refused.
const ATTEMPTS = 12;
const REFUSED = ATTEMPTS - 5;

describe('Prometheus scraping the BFF', () => {
  let bff: SandboxBff;
  let prometheus: RunningPrometheus;
  beforeAll(async () => {
    bff = await startSandboxBff({ assessments: 1, env: { METRICS_PORT: '0' } });
    const target = new URL(bff.server.metrics?.url() ?? '').host;
    prometheus = await startPrometheus([target], { ruleFiles: [RULES] });
  });
  afterAll(async () => {
    await prometheus?.stop();
    await bff?.close();
  });

  it('sees the rate-limit refusals of a burst of wrong sign-ins', async () => {
    await expect
      .poll(() => prometheus.query('up{job="coach-portal-bff"}'), { timeout: 15_000, interval: 250 })
      .toEqual([expect.objectContaining({ value: 1 })]);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const response = await bff.server.inject({
        method: 'POST',
        url: '/api/session',
        headers: CSRF,
        payload: { email: SEED_COACHES.demo.email, password: `wrong-${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(REFUSED);

    const refusals = () => prometheus.query('bff_rate_limit_rejections_total');
    await expect
      .poll(refusals, { timeout: 15_000, interval: 250 })
      .toEqual([{ metric: expect.objectContaining({ job: 'coach-portal-bff', limit: 'sign-in-email' }), value: REFUSED }]);
    const [series] = await refusals();
    expect(Object.keys(series?.metric ?? {}).sort()).toEqual(['__name__', 'instance', 'job', 'limit']);
    expect(JSON.stringify(series)).not.toContain(SEED_COACHES.demo.email);

    const answers = await prometheus.query('sum by (status) (bff_http_requests_total{operation="createSession"})');
    expect(Object.fromEntries(answers.map(({ metric, value }) => [metric.status, value]))).toEqual({ '401': 5, '429': REFUSED });
  });

  it('loads the alert rules and evaluates them without error', async () => {
    const rules = async () => {
      const answer = await fetch(`${prometheus.url}/api/v1/rules`);
      const body = (await answer.json()) as {
        data: { groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }> };
      };
      return body.data.groups.flatMap((group) => group.rules);
    };
    await expect.poll(async () => (await rules()).every((rule) => rule.health === 'ok'), { timeout: 15_000, interval: 250 }).toBe(true);
    expect((await rules()).map((rule) => rule.name)).toContain('RateLimitSpike');
  });
});
