// Measures the RSS one more session of a coach adds when that coach's 20,000-row list copy is already held, and,
// for contrast, what one more coach with such a copy adds. Run: `node scripts/bench/rss-per-session.ts`.
import { request } from 'undici';
import { type BenchProcess, rssOf, startProcess } from './processes.ts';

const SESSIONS = 20;
const COACHES = 3;
let signIns = 0;

async function signIn(bffUrl: string, rows: number): Promise<string> {
  signIns++;
  const { statusCode, headers, body } = await request(`${bffUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ email: `rows-${rows}.${signIns}@bench.test`, password: 'bench-password' }),
  });
  await body.dump();
  const cookie = [headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('__Host-portal_session='));
  if (statusCode !== 200 || !cookie) throw new Error(`sign-in answered ${statusCode}`);
  return cookie;
}

async function read(bffUrl: string, cookie: string, query: string): Promise<void> {
  const { statusCode, body } = await request(`${bffUrl}/api/assessments?${query}`, { headers: { cookie } });
  await body.dump();
  if (statusCode !== 200) throw new Error(`list answered ${statusCode}`);
}

/** What a session does with the table: pages, a sort, a filter and a search. */
async function use(bffUrl: string, cookie: string): Promise<void> {
  for (const query of ['', 'page=3', 'sort=info', 'filter=wrapped&q=novak', 'sort=score&order=asc&page=2'])
    await read(bffUrl, cookie, query);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

const processes: BenchProcess[] = [];
try {
  const standIn = await startProcess('stand-in', new URL('./legacy-stand-in.ts', import.meta.url));
  processes.push(standIn);
  const bff = await startProcess('bff', new URL('./bff-under-test.ts', import.meta.url), { BENCH_UPSTREAM_URL: standIn.url });
  processes.push(bff);
  // The first session makes the coach's copy (and warms the code paths).
  await use(bff.url, await signIn(bff.url, 20_000));
  await settle();
  const before = rssOf(bff.pid);
  for (let index = 0; index < SESSIONS; index++) await use(bff.url, await signIn(bff.url, 20_000));
  await settle();
  const sessions = rssOf(bff.pid);
  for (let index = 1; index <= COACHES; index++) await use(bff.url, await signIn(bff.url, 20_000 + index));
  await settle();
  const coaches = rssOf(bff.pid);
  const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);
  console.log(
    `RSS per extra session of a coach whose 20,000-row copy is held: ${mb((sessions - before) / SESSIONS)} MB (${SESSIONS} sessions)`,
  );
  console.log(`RSS per extra coach with a 20,000-row copy: ${mb((coaches - sessions) / COACHES)} MB (${COACHES} coaches)`);
} finally {
  await Promise.all(processes.map((process) => process.stop()));
}
