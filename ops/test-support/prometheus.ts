// A throwaway Prometheus (Debian package `prometheus`) on a free loopback port, scraping the given targets
// every second, with its data in a temporary directory; queried through its own HTTP API.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROMETHEUS = '/usr/bin/prometheus';

export interface RunningPrometheus {
  url: string;
  /** An instant query's vector: each series' labels and value. */
  query(expression: string): Promise<Array<{ metric: Record<string, string>; value: number }>>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** `targets`: host:port of the metrics listeners (scraped at /metrics), under job `coach-portal-bff`. */
export async function startPrometheus(
  targets: readonly string[],
  { ruleFiles = [] as readonly string[] } = {},
): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  evaluation_interval: 1s',
    ...(ruleFiles.length > 0 ? ['rule_files:', ...ruleFiles.map((file) => `  - ${JSON.stringify(file)}`)] : []),
    'scrape_configs:',
    '  - job_name: coach-portal-bff',
    '    scrape_timeout: 1s',
    '    static_configs:',
    `      - targets: [${targets.map((target) => JSON.stringify(target)).join(', ')}]`,
  ].join('\n');
  writeFileSync(join(dir, 'prometheus.yml'), `${config}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`prometheus could not start (apt-get install prometheus): ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`prometheus exited with ${code}:\n${output}`)));
  });
  exited.catch(() => {});
  const ready = (async () => {
    for (;;) {
      const answer = await fetch(`${url}/-/ready`).catch(() => undefined);
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([ready, exited]);

  return {
    url,
    async query(expression) {
      const answer = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: expression })}`);
      const body = (await answer.json()) as {
        status: string;
        error?: string;
        data?: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      if (body.status !== 'success' || body.data?.resultType !== 'vector') throw new Error(`query ${expression} failed: ${body.error}`);
      return body.data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
