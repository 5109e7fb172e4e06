// listAssessmentHistory and copyAssessmentLink against the stateful sandbox: invite and report histories
// newest first, 'no sent records found' as an empty list, and a copied link recorded (a `link` entry, the
// assessment invited) with the client's link answered. Every answer checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Row = Legacy['schemas']['Assessment'];
type History = Bff['schemas']['AssessmentHistory'];

let env: SandboxBff;
let session: string;
const used = new Set<string>();

async function pick(matches: (row: Row) => boolean, mode = ''): Promise<Row> {
  const rows: Row[] = (
    await env.sandbox.inject({ url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/tokensX${mode}`, headers: { cookie: env.legacyCookie } })
  ).json();
  const row = rows.find((candidate) => !used.has(candidate.uuid) && matches(candidate));
  if (!row) throw new Error('the seed has no such assessment');
  used.add(row.uuid);
  return row;
}
const history = async (id: string, kind: 'invite' | 'report') => {
  const response = await injectChecked(env.server, {
    method: 'GET',
    url: `/api/assessments/${id}/history?kind=${kind}`,
    cookies: { [SESSION_COOKIE]: session },
  });
  return response;
};
const copy = (id: string) =>
  injectChecked(env.server, {
    method: 'POST',
    url: `/api/assessments/${id}/link-copies`,
    headers: CSRF,
    cookies: { [SESSION_COOKIE]: session },
  });

beforeAll(async () => {
  env = await startSandboxBff({ assessments: 80 });
  session = await env.signIn();
});
afterAll(() => env?.close());

describe('GET /api/assessments/{id}/history (listAssessmentHistory)', () => {
  it('lists a reminded assessment’s invites newest first, the reminder first', async () => {
    const row = await pick((r) => r.reminded === 1);
    const body = (await history(row.uuid, 'invite')).json() as History;
    expect(body.kind).toBe('invite');
    expect(body.loggingSince).toBe('2022-03-17');
    expect(body.items).toHaveLength(2);
    expect(body.items.map((item) => item.isReminder)).toEqual([true, false]);
    expect(body.items[0]?.destinationEmail).toBe(row.clientEmail);
    expect(body.items.every((item) => item.inviteType !== undefined && item.reports === undefined)).toBe(true);
  });

  it("answers an empty list for an assessment never sent ('no sent records found')", async () => {
    const row = await pick((r) => r.userInvite === 0);
    expect((await history(row.uuid, 'invite')).json().items).toEqual([]);
    expect((await history(row.uuid, 'report')).json()).toEqual({ kind: 'report', items: [], loggingSince: '2022-03-17' });
  });

  it('lists the reports sent with their codes', async () => {
    const row = await pick((r) => r.userReport === 'sent');
    const { items } = (await history(row.uuid, 'report')).json() as History;
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]?.reports?.length).toBeGreaterThan(0);
    expect(items[0]?.inviteType).toBeUndefined();
  });

  it('reads a received assessment’s history too, and answers 404 for one that is not the coach’s', async () => {
    const received = await pick(() => true, '?mode=received');
    expect((await history(received.uuid, 'invite')).statusCode).toBe(200);
    const response = await history('a55e55e0-0000-4000-8000-00000000dead', 'invite');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

describe('POST /api/assessments/{id}/link-copies (copyAssessmentLink)', () => {
  it('records the copy (a link entry; the assessment counts as invited) and answers the client’s link', async () => {
    const row = await pick((r) => r.userInvite === 0);
    const response = await copy(row.uuid);
    expect(response.statusCode).toBe(201);
    const { link, inviteState } = response.json() as Bff['schemas']['AssessmentLink'];
    expect(inviteState).toBe('invited');
    expect(link).toBe(`${env.sandboxUrl}/register/token?userToken=${row.userToken}`);
    const { items } = (await history(row.uuid, 'invite')).json() as History;
    expect(items[0]).toMatchObject({ inviteType: 'link', destinationEmail: '', sentViaServer: false });
    const listed = (
      await injectChecked(env.server, { method: 'GET', url: '/api/assessments?pageSize=500', cookies: { [SESSION_COOKIE]: session } })
    ).json() as Bff['schemas']['AssessmentList'];
    expect(listed.items.find((item) => item.id === row.uuid)?.inviteState).toBe('invited');
  });

  it('keeps a reminded assessment reminded', async () => {
    const row = await pick((r) => r.reminded === 1 && r.guestRegisteredAt === null);
    expect((await copy(row.uuid)).json().inviteState).toBe('reminded');
  });

  it('answers 404 for a received assessment or an unknown id, and 403 without the CSRF header', async () => {
    const received = await pick(() => true, '?mode=received');
    expect((await copy(received.uuid)).json().code).toBe('not_found');
    expect((await copy('a55e55e0-0000-4000-8000-00000000dead')).statusCode).toBe(404);
    const row = await pick((r) => r.userInvite === 0);
    const refused = await injectChecked(env.server, {
      method: 'POST',
      url: `/api/assessments/${row.uuid}/link-copies`,
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(refused.json().code).toBe('csrf_required');
  });
});
