// The metrics listener and what it counts, against the in-process sandbox: a separate loopback port (never
// the public listener), requests by operationId and status, legacy calls by path template, sessions, rate-limit
// rejections by limit name, batches by operation; no label value carries an e-mail, an id or a raw URL.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { publishLegacyCall } from '../../diagnostics.ts';
import { type RunningRedis, startRedis } from '../../test-support/redis-server.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';
import { SESSION_COOKIE } from './session.ts';

let bff: SandboxBff | undefined;
let redis: RunningRedis | undefined;
afterEach(async () => {
  await bff?.close();
  await redis?.stop();
  bff = undefined;
  redis = undefined;
});

async function scrape(url: string | undefined): Promise<string> {
  if (!url) throw new Error('no metrics listener');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const signIn = (password: string) => ({
  method: 'POST' as const,
  url: '/api/session',
  headers: CSRF,
  payload: { email: SEED_COACHES.demo.email, password },
});

describe('metrics', () => {
  it('are off without METRICS_PORT, and never served on the public listener', async () => {
    bff = await startSandboxBff({ assessments: 1 });
    expect(bff.server.metrics).toBeNull();
    expect((await bff.server.inject('/metrics')).statusCode).toBe(404);
  });

  it('are served on their own loopback listener with the default process metrics', async () => {
    bff = await startSandboxBff({ assessments: 1, env: { METRICS_PORT: '0' } });
    const url = bff.server.metrics?.url();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await bff.server.inject('/metrics')).statusCode).toBe(404);
    const text = await scrape(url);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    expect((await fetch(new URL('/other', url))).status).toBe(404);
  });

  it('count requests, legacy calls, sessions, rate-limit rejections and batches with bounded labels', async () => {
    bff = await startSandboxBff({ assessments: 8, env: { METRICS_PORT: '0' } });
    const { server } = bff;
    const cookie = await bff.signIn();
    const listed = await server.inject({ url: '/api/assessments', cookies: { [SESSION_COOKIE]: cookie } });
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json() as { items: Array<{ id: string; receivedFromAnotherCoach: boolean }> }).items
      .filter((row) => !row.receivedFromAnotherCoach)
      .slice(0, 2)
      .map((row) => row.id);
    expect(ids).toHaveLength(2);
    const deleted = await server.inject({
      method: 'POST',
      url: '/api/assessments/deletions',
      headers: { ...CSRF, 'idempotency-key': 'metrics-test-key-0001' },
      cookies: { [SESSION_COOKIE]: cookie },
      payload: { ids },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (await server.inject({ method: 'DELETE', url: '/api/session', headers: CSRF, cookies: { [SESSION_COOKIE]: cookie } })).statusCode,
    ).toBe(200);
    // Sign-in allows 5 failures a minute per IP and e-mail (the success above is not counted): the 6th wrong
    // password is refused, and so is the right one after it.
    for (let attempt = 0; attempt < 6; attempt += 1) await server.inject(signIn('wrong-password'));
    expect((await server.inject(signIn(DEMO_PASSWORD))).statusCode).toBe(429);

    expect((await server.inject('/api/no-such-operation/4a1d6a55-1b62-4c3e-9a55-8a0f1c2b7d01')).statusCode).toBe(404);

    const text = await scrape(server.metrics?.url());
    expect(sample(text, 'bff_http_requests_total{operation="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'bff_http_requests_total{operation="createSession",status="200"}')).toBe(1);
    expect(sample(text, 'bff_http_requests_total{operation="createSession",status="429"}')).toBe(2);
    expect(sample(text, 'bff_http_requests_total{operation="listAssessments",status="200"}')).toBe(1);
    expect(sample(text, 'bff_http_request_duration_seconds_count{operation="listAssessments"}')).toBe(1);
    expect(sample(text, 'bff_rate_limit_rejections_total{limit="sign-in-email"}')).toBe(2);
    expect(sample(text, 'bff_sessions_total{event="started"}')).toBe(1);
    expect(sample(text, 'bff_sessions_total{event="ended"}')).toBe(1);
    expect(sample(text, 'bff_batch_items_total{operation="deleteAssessments",outcome="succeeded"}')).toBe(2);
    expect(sample(text, 'bff_batch_items_total{operation="deleteAssessments",outcome="failed"}')).toBe(0);
    expect(sample(text, 'bff_batch_duration_seconds_count{operation="deleteAssessments"}')).toBe(1);
    expect(text).toMatch(/bff_legacy_requests_total\{method="POST",path="\/api\/v2\/login[^"]*",status="200"\} [1-9]/);
    expect(text).toMatch(/bff_legacy_request_duration_seconds_count\{method="GET",path="\/api\/[^"]*\{coachId\}[^"]*"\} [1-9]/);

    // Bounded labels: no e-mail, no id, no raw URL in any series.
    const series = text.split('\n').filter((line) => line.startsWith('bff_'));
    for (const line of series) {
      expect(line).not.toContain('@');
      for (const id of ids) expect(line).not.toContain(id);
      expect(line).not.toMatch(/[?&]t=\d/);
    }
  });

  it('count legacy timeouts and retries by path template, and Redis is absent without REDIS_URL', async () => {
    bff = await startSandboxBff({ assessments: 1, env: { METRICS_PORT: '0' } });
    publishLegacyCall({ method: 'GET', path: '/api/v2/test/{id}', status: null, durationMs: 15_000, attempts: 1 }, 'timeout');
    publishLegacyCall({ method: 'GET', path: '/api/v2/test/{id}', status: 200, durationMs: 30, attempts: 3 }, undefined);
    const text = await scrape(bff.server.metrics?.url());
    expect(sample(text, 'bff_legacy_requests_total{method="GET",path="/api/v2/test/{id}",status="timeout"}')).toBe(1);
    expect(sample(text, 'bff_legacy_requests_total{method="GET",path="/api/v2/test/{id}",status="200"}')).toBe(1);
    expect(sample(text, 'bff_legacy_timeouts_total{method="GET",path="/api/v2/test/{id}"}')).toBe(1);
    expect(sample(text, 'bff_legacy_retries_total{method="GET",path="/api/v2/test/{id}"}')).toBe(2);
    expect(text).not.toContain('bff_redis_up');
  });

  it('count the Download Reports zips streaming and the bytes sent', async () => {
    bff = await startSandboxBff({ assessments: 30, env: { METRICS_PORT: '0' } });
    const { server } = bff;
    const cookie = await bff.signIn();
    const cookies = { [SESSION_COOKIE]: cookie };
    const listed = await server.inject({ url: '/api/assessments?pageSize=100', cookies });
    const ids = (listed.json() as { items: Array<{ id: string; completedAt?: string }> }).items
      .filter((row) => row.completedAt)
      .map((row) => row.id);
    const created = await server.inject({
      method: 'POST',
      url: '/api/report-downloads',
      headers: CSRF,
      cookies,
      payload: { ids, reports: ['basic'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { total: number }).total).toBeGreaterThan(0);
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const url = server.metrics?.url();

    const archive = await fetch(`${base}/api/report-downloads/${(created.json() as { jobId: string }).jobId}/archive`, {
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(archive.status).toBe(200);
    expect(sample(await scrape(url), 'bff_report_downloads_running')).toBe(1);
    const zip = await archive.arrayBuffer();
    expect(zip.byteLength).toBeGreaterThan(1000);
    await expect.poll(async () => sample(await scrape(url), 'bff_report_downloads_running')).toBe(0);
    const bytes = sample(await scrape(url), 'bff_report_download_bytes_total') ?? 0;
    expect(bytes).toBeGreaterThanOrEqual(zip.byteLength);
    // What the socket sent: the zip, its headers and the chunked framing.
    expect(bytes).toBeLessThan(zip.byteLength + 8000);
  });

  it('say whether Redis is up, and count its errors', async () => {
    redis = await startRedis();
    bff = await startSandboxBff({ assessments: 1, env: { METRICS_PORT: '0', REDIS_URL: redis.url } });
    const url = bff.server.metrics?.url();
    const text = await scrape(url);
    expect(sample(text, 'bff_redis_up')).toBe(1);
    expect(sample(text, 'bff_redis_errors_total{kind="connection"}')).toBe(0);

    await redis.stop();
    await expect.poll(async () => sample(await scrape(url), 'bff_redis_up'), { timeout: 5_000 }).toBe(0);
    expect((await bff.server.inject('/api/session')).statusCode).toBe(503);
    await expect
      .poll(async () => sample(await scrape(url), 'bff_redis_errors_total{kind="connection"}'), { timeout: 5_000 })
      .toBeGreaterThan(0);
  });

  it('stop listening when the app closes', async () => {
    bff = await startSandboxBff({ assessments: 1, env: { METRICS_PORT: '0' } });
    const url = bff.server.metrics?.url();
    await scrape(url);
    await bff.close();
    bff = undefined;
    await expect(fetch(url ?? '')).rejects.toThrow();
  });
});
