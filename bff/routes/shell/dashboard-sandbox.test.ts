// getDashboard against the stateful sandbox legacy API (started in process on a free port), for the seeded
// demo coach (received SCOs, messages to acknowledge, a policy to sign), the mini-only coach and an
// assistant. The expected counts come from the sandbox's own pipeline rules over the legacy lists, an
// implementation independent of bff/domain/pipeline.ts. Every answer is checked against the contract.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { completionSummary, countByFilter } from '../../../sandbox/domain/pipeline.ts';
import { SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { signIn as sandboxSignIn } from '../../../sandbox/test-support/test-sandbox.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Row = Legacy['schemas']['Assessment'];

const DEMO = SEED_COACHES.demo;

let bff: SandboxBff;
let sandbox: FastifyInstance;
let server: FastifyInstance;

const signIn = (email: string) => bff.signIn(email);

const dashboard = (session: string) =>
  injectChecked(server, { method: 'GET', url: '/api/dashboard', cookies: { [SESSION_COOKIE]: session } });

/** The demo coach's own and received assessments as the legacy API lists them. */
async function legacyRows(): Promise<{ own: Row[]; received: Row[] }> {
  const cookie = await sandboxSignIn(sandbox, DEMO.email);
  const read = async (query: string) =>
    (await sandbox.inject({ url: `/api/v2/coaches/${DEMO.uuid}/tokensX${query}`, headers: { cookie } })).json() as Row[];
  return { own: await read(''), received: await read('?mode=received') };
}

beforeAll(async () => {
  bff = await startSandboxBff({ assessments: 120 });
  ({ sandbox, server } = bff);
});
afterAll(() => bff?.close());

describe('GET /api/dashboard (getDashboard)', () => {
  it("counts the demo coach's tiles over own and received assessments, in the contract's order, with the Total donut", async () => {
    const response = await dashboard(await signIn(DEMO.email));
    expect(response.statusCode).toBe(200);
    const body = response.json();

    const { own, received } = await legacyRows();
    expect(received.length).toBeGreaterThan(0);
    const all = [...own, ...received.filter((row) => !own.some((mine) => mine.uuid === row.uuid))];
    const expected = countByFilter(all);
    expect(body.tiles).toEqual(
      (['notInvitedYet', 'invitedNotStarted', 'startedIncomplete', 'completeInMarking', 'completeSendReport', 'receivedScos'] as const).map(
        (filter) => ({ filter, count: expected[filter] }),
      ),
    );
    // Every to-do filter has rows in the seed, so a count of zero would hide a broken rule.
    for (const tile of body.tiles) expect(tile.count).toBeGreaterThan(0);
    // spec assessments-and-clients §4.4: wrapped-up records have left the donut.
    expect(body.total).toEqual(completionSummary(all.filter((row) => row.coachWrappedUp === 0)));
    expect(body.total.completed).toBeGreaterThan(0);
  });

  it('answers the greeting, the messages to acknowledge and the policy alert from dashboardInfo', async () => {
    const body = (await dashboard(await signIn(DEMO.email))).json();
    expect(body).toMatchObject({
      greeting: { name: 'Amara', surname: 'Nkosi', email: DEMO.email },
      assistant: null,
      onlyMiniAssessment: false,
      policyAlert: true,
      messagesToAck: [{ subject: 'Planned maintenance on Saturday', body: expect.stringContaining('<p>') }],
    });
  });

  it('names the assistant at the keyboard for the banner', async () => {
    const body = (await dashboard(await signIn(SEED_ASSISTANT.email))).json();
    expect(body.assistant).toEqual({ name: expect.any(String), email: SEED_ASSISTANT.email });
    expect(body.greeting.email).toBe(DEMO.email);
  });

  it('gives a coach limited to mini-assessments no tiles and a zero total', async () => {
    const response = await dashboard(await signIn(SEED_COACHES.miniOnly.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ onlyMiniAssessment: true, tiles: [], total: { completed: 0, inProgress: 0 } });
  });

  it("makes the coach's assessments copy once answered, so that the table opens without a legacy list read", async () => {
    // A coach whose copy no other test here has made.
    const session = await signIn(SEED_COACHES.peer.email);
    const before = server.snapshots.loads;
    expect((await dashboard(session)).statusCode).toBe(200);
    await expect.poll(() => server.snapshots.loads).toBe(before + 1);
    const list = await injectChecked(server, { method: 'GET', url: '/api/assessments', cookies: { [SESSION_COOKIE]: session } });
    expect(list.statusCode).toBe(200);
    expect(server.snapshots.loads).toBe(before + 1);
  });

  it('warms nothing for a coach limited to mini-assessments', async () => {
    const session = await signIn(SEED_COACHES.miniOnly.email);
    const before = server.snapshots.loads;
    expect((await dashboard(session)).statusCode).toBe(200);
    expect(server.snapshots.loads).toBe(before);
  });

  it('answers 401 session_ended without a session', async () => {
    const response = await injectChecked(server, { method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_ended');
  });
});
