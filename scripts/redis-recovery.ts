// `node scripts/redis-recovery.ts [--outages 1,5,15,45] [--rounds 3]`: how long a BFF instance takes to serve again
// after Redis comes back. One redis-server with an append-only file (so the session survives) and the BFF with the
// sandbox, in this process; for each outage length, Redis is stopped, left down that long, started again, and a
// signed-in coach's GET /api/session is sent every 5 ms from the moment Redis accepts connections until the first 2xx.
// Prints the time to that answer per outage and round (ops/README.md "Redis" quotes it). Bounded: every wait stops
// after 30 s.
import { parseArgs } from 'node:util';
import { SESSION_COOKIE } from '../bff/plugins/app/session.ts';
import { startRedis } from '../bff/test-support/redis-server.ts';
import { startSandboxBff } from '../bff/test-support/sandbox-bff.ts';

const { values } = parseArgs({
  options: { outages: { type: 'string', default: '1,5,15,45' }, rounds: { type: 'string', default: '3' } },
});
const outages = (values.outages ?? '').split(',').map(Number);
const rounds = Number(values.rounds);
if (outages.some((seconds) => !(seconds > 0 && seconds <= 120)) || !(rounds >= 1 && rounds <= 10)) {
  console.error('--outages: seconds between 0 and 120, comma-separated; --rounds: 1 to 10');
  process.exit(2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const redis = await startRedis({ persistence: true });
const bff = await startSandboxBff({ assessments: 5, env: { REDIS_URL: redis.url, LOG_LEVEL: 'silent' } });
try {
  const cookie = await bff.signIn();
  const session = () => bff.server.inject({ url: '/api/session', cookies: { [SESSION_COOKIE]: cookie } });
  console.log('| Redis down for | time to the first 2xx after Redis accepts connections (ms), per round |');
  console.log('| --- | --- |');
  for (const seconds of outages) {
    const measured: number[] = [];
    for (let round = 0; round < rounds; round++) {
      if ((await session()).statusCode !== 200) throw new Error('the coach is not served before the outage');
      await redis.stop();
      await sleep(seconds * 1000);
      await redis.restart();
      const back = performance.now();
      let status = 0;
      while (status < 200 || status > 299) {
        if (performance.now() - back > 30_000) throw new Error(`not served 30 s after Redis came back (last answer ${status})`);
        await sleep(5);
        status = (await session()).statusCode;
      }
      measured.push(Math.round(performance.now() - back));
    }
    console.log(`| ${seconds} s | ${measured.join(', ')} |`);
  }
} finally {
  await bff.close();
  await redis.stop();
}
