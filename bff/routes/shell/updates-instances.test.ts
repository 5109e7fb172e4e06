// getUpdates scaled out: two BFF instances on one real redis-server in front of the sandbox, six sessions of the demo
// coach (two sign-ins and an impersonation on each) polling both at once, round after round. The coach's own list is read once per interval
// however many ask, counted at the sandbox; a completion found by whichever instance read is told to every session
// exactly once, and both instances answer the same moved version.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { buildSandbox } from '../../../sandbox/app.ts';
import { COMPLETIONS_PATH } from '../../../sandbox/controls/completions.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { seedStore } from '../../../sandbox/seed/seed.ts';
import { ownAssessments, type Store } from '../../../sandbox/state/store.ts';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { signInToBff } from '../../test-support/bff-session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { impersonateSandboxCoach } from '../../test-support/sandbox-bff.ts';
import { redisServerForTests } from '../../test-support/test-redis.ts';
import { testConfig } from '../../test-support/test-server.ts';

type Updates = components['schemas']['Updates'];
const DEMO = SEED_COACHES.demo;
const OWN_LIST = `/api/v2/coaches/${DEMO.uuid}/tokensX`;
const ROUNDS = 4;

const redis = redisServerForTests();
let sandbox: FastifyInstance;
let store: Store;
let instances: FastifyInstance[];
/** The own-list reads the sandbox answered (the received list, a tokensX with `mode=received`, is not one). */
let ownListReads = 0;

beforeAll(async () => {
  store = seedStore({ now: Date.now(), assessments: 120 });
  sandbox = await buildSandbox({ store });
  sandbox.addHook('onRequest', async (request) => {
    const url = new URL(request.url, 'http://sandbox');
    if (request.method === 'GET' && url.pathname === OWN_LIST && !url.searchParams.has('mode')) ownListReads++;
  });
  const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  instances = [];
  for (let i = 0; i < 2; i++) {
    const server = buildServer(testConfig({ LEGACY_API_URL: url, REDIS_URL: redis.url }));
    await server.ready();
    instances.push(server);
  }
});
afterAll(async () => {
  for (const server of instances ?? []) await server.close();
  await sandbox?.close();
});

interface Poller {
  server: FastifyInstance;
  session: string;
  cursor: string | undefined;
  /** Every change this session was told, in order. */
  told: Updates['changes'];
  version: string;
}

async function poll(poller: Poller): Promise<void> {
  const response = await injectChecked(poller.server, {
    method: 'GET',
    url: '/api/updates',
    query: poller.cursor === undefined ? {} : { after: poller.cursor },
    cookies: { [SESSION_COOKIE]: poller.session },
  });
  expect(response.statusCode).toBe(200);
  const answer = response.json<Updates>();
  poller.cursor = answer.cursor;
  poller.told.push(...answer.changes);
  poller.version = answer.version;
}
/** Every session asks at once, `ROUNDS` times. */
async function rounds(pollers: Poller[]): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) await Promise.all(pollers.map(poll));
}

describe('getUpdates on two instances sharing Redis', () => {
  it('reads the coach’s own list once per interval for six polling sessions and tells each of them the completion once', async () => {
    const pollers: Poller[] = [];
    // Two sign-ins and an administrator impersonating the coach on each.
    for (const server of instances) {
      for (const session of [
        await signInToBff(server, DEMO.email, DEMO_PASSWORD),
        await signInToBff(server, DEMO.email, DEMO_PASSWORD),
        await impersonateSandboxCoach(sandbox, server),
      ]) {
        pollers.push({ server, session, cursor: undefined, told: [], version: '' });
      }
    }
    await rounds(pollers);
    // The first interval: 6 sessions × 4 rounds = 24 calls, one read.
    expect(ownListReads).toBe(1);
    expect(pollers.flatMap((p) => p.told)).toEqual([]);
    expect(await redis.inspector.exists(`portal:updates-states:${DEMO.uuid}`)).toBe(1);

    const assessment = ownAssessments(store, DEMO.uuid).find(
      (a) => a.assessmentType === 'ennea' && a.guestCompletedAt === null && a.coachWrappedUp === 0 && a.userInvite === 1,
    );
    if (!assessment) throw new Error('the seed has no incomplete Enneagram');
    expect((await sandbox.inject({ method: 'POST', url: COMPLETIONS_PATH, payload: { assessmentId: assessment.uuid } })).statusCode).toBe(
      204,
    );
    await rounds(pollers);
    // Still the first interval: nothing read, nothing told.
    expect(ownListReads).toBe(1);
    expect(pollers.flatMap((p) => p.told)).toEqual([]);

    // The interval passes: the lock's expiry is Redis's own (PX), brought forward here rather than waited for.
    const lock = `portal:updates-lock:${DEMO.uuid}`;
    expect(await redis.inspector.pttl(lock)).toBeGreaterThan(100_000);
    await redis.inspector.del(lock);
    const versionBefore = pollers[0]?.version;
    await rounds(pollers);
    expect(ownListReads).toBe(2);
    const [change] = pollers[0]?.told ?? [];
    expect(change).toMatchObject({
      kind: 'assessmentCompleted',
      assessmentId: assessment.uuid,
      link: `/clighent/${assessment.clientUUID}`,
    });
    for (const poller of pollers) {
      expect(poller.told).toEqual([change]);
      expect(poller.version).not.toBe(versionBefore);
      expect(poller.version).toBe(pollers[0]?.version);
    }
    expect(await redis.inspector.xlen(`portal:updates:${DEMO.uuid}`)).toBe(1);
  });
});
