// Send Invites on a few rows while the coach's copy of the lists is held (the table was just shown): planned from
// that copy, the send reads no legacy list, only its one `sendinvite` per row, and the table read after it is the
// copy patched with the invites, not a new download.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { type LegacyCallEvent, legacyCallChannel } from '../../diagnostics.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';

let bff: SandboxBff;
let session: string;
let paths: string[] = [];
const listen = (message: unknown) => void paths.push((message as LegacyCallEvent).call.path);

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 40 }));
  subscribe(legacyCallChannel.name, listen);
});
afterAll(async () => {
  unsubscribe(legacyCallChannel.name, listen);
  await bff?.close();
});
afterEach(() => {
  paths = [];
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  injectChecked(bff.server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: session }, ...(payload && { payload }) });

const LIST_READ = '/api/v2/coaches/{coachId}/tokensX';

describe('Send Invites on 3 rows with the copy held (sendInvites)', () => {
  it('reads no legacy list: one sendinvite per row, and the table after it is the patched copy', async () => {
    const rows = [...bff.store.assessments.values()]
      .filter((a) => a.coachUUID === SEED_COACHES.demo.uuid && !a.guestCompletedAt && a.userInvite === 0)
      .slice(0, 3);
    expect(rows).toHaveLength(3);
    const ids = rows.map((row) => row.uuid);
    expect((await call('GET', '/api/assessments?pageSize=10')).statusCode).toBe(200);
    paths = [];

    const sent = await call('POST', '/api/assessments/invites', { ids, serverSend: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ total: 3, succeeded: 3, failed: [], reminders: 0 });
    expect(paths.filter((path) => path === LIST_READ)).toEqual([]);
    // Nothing but the three sends: no list, no coach record, no other read to plan them.
    expect(paths).toEqual(Array(3).fill('/api/v2/tokens/{assessmentId}/sendinvite'));

    paths = [];
    const details = await call('POST', '/api/assessments/details', { ids });
    expect(details.json().items.map((item: { inviteState: string }) => item.inviteState)).toEqual(['invited', 'invited', 'invited']);
    expect(paths).toEqual([]);
  }, 60_000);
});
