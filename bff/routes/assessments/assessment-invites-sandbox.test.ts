// Send Invites/Reminders against the stateful sandbox legacy API, where its outbox shows who an e-mail reached: an
// impersonator's invites go to the typed coach address and never to the client (spec assessments-and-clients §4.3,
// §6; docs/decisions/010-an-impersonators-invites-are-drafts.md), and a selection holding an assessment received
// from another coach is refused up front (§4.7, §5 "Edit").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import type { AssessmentRecord } from '../../../sandbox/state/model.ts';
import { RECEIVED_SELECTION } from '../../domain/assessment-batch-rules.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { MESSAGES } from './assessment-emails.ts';

const COACH_ADDRESS = 'coach.inbox@example.test';

let bff: SandboxBff;
let session: string;
let admin: string;
const used = new Set<string>();

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 40 }));
  admin = await impersonate();
});
afterAll(() => bff?.close());

/** An administrator acting for the demo coach, through the admin tool's impersonation. */
const impersonate = () => bff.impersonate();

const post = (url: string, payload: object, cookie: string) =>
  injectChecked(bff.server, { method: 'POST', url, headers: CSRF, payload, cookies: { [SESSION_COOKIE]: cookie } });

const clientEmail = (record: AssessmentRecord) => bff.store.clients.get(record.clientUUID)?.email ?? '';
const sentTo = (address: string) => bff.store.outbox.filter((email) => email.to === address);
const isReceived = (record: AssessmentRecord) =>
  bff.store.scoGrants.some((grant) => grant.assessmentUuid === record.uuid && grant.toCoachUuid === SEED_COACHES.demo.uuid);

/** An assessment of the demo coach's lists not used by another test yet, not complete and not invited. */
function pick(received: boolean): AssessmentRecord {
  const record = [...bff.store.assessments.values()].find(
    (a) =>
      !used.has(a.uuid) &&
      !a.guestCompletedAt &&
      a.userInvite === 0 &&
      (received ? isReceived(a) : a.coachUUID === SEED_COACHES.demo.uuid) &&
      // No other seeded assessment of the same client: its outbox entries are this test's alone.
      [...bff.store.assessments.values()].filter((other) => other.clientUUID === a.clientUUID).length === 1,
  );
  if (!record) throw new Error('the seed has too few matching assessments');
  used.add(record.uuid);
  return record;
}

describe("an impersonator's invites (sendInvites, previewInvite)", () => {
  it('refuses a server send, which would reach the client: nothing is sent, to the client or the typed address, nothing flagged', async () => {
    const record = pick(false);
    const history = [...record.inviteHistory];
    const response = await post(
      '/api/assessments/invites',
      { ids: [record.uuid], serverSend: true, coachEmailAddress: COACH_ADDRESS },
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'impersonator_server_send', detail: MESSAGES.impersonatorServerSend });
    expect(sentTo(clientEmail(record))).toEqual([]);
    expect(sentTo(COACH_ADDRESS)).toEqual([]);
    expect(bff.store.assessments.get(record.uuid)).toMatchObject({ userInvite: 0, inviteHistory: history });

    const preview = await post(
      '/api/assessments/invite-previews',
      { ids: [record.uuid], serverSend: true, coachEmailAddress: COACH_ADDRESS },
      admin,
    );
    expect(preview.statusCode).toBe(400);
    expect(preview.json()).toMatchObject({ code: 'impersonator_server_send', detail: MESSAGES.impersonatorServerSend });
  });

  it('answers the invite as a draft addressed to the typed coach address, the server sending nothing to the client', async () => {
    const record = pick(false);
    const preview = await post(
      '/api/assessments/invite-previews',
      { ids: [record.uuid], serverSend: false, coachEmailAddress: COACH_ADDRESS },
      admin,
    );
    expect(preview.json()).toMatchObject({ emailAddress: COACH_ADDRESS });

    const response = await post(
      '/api/assessments/invites',
      { ids: [record.uuid], serverSend: false, coachEmailAddress: COACH_ADDRESS },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ total: 1, succeeded: 1, failed: [] });
    expect(result.drafts).toEqual([expect.objectContaining({ id: record.uuid, emailAddress: COACH_ADDRESS })]);
    expect(result.drafts[0].body).toContain(record.userToken);
    expect(sentTo(clientEmail(record))).toEqual([]);
    // The legacy API flags a prepared invite as it flags a sent one (legacy contract: sendInvite).
    expect(bff.store.assessments.get(record.uuid)?.userInvite).toBe(1);
  });

  it("still lets the coach's own server send reach the client", async () => {
    const record = pick(false);
    const response = await post('/api/assessments/invites', { ids: [record.uuid], serverSend: true }, session);
    expect(response.json()).toMatchObject({ total: 1, succeeded: 1, failed: [] });
    expect(sentTo(clientEmail(record))).toHaveLength(1);
  });
});

describe('a selection holding a received assessment (sendInvites, previewInvite)', () => {
  it("is refused as a whole with the spec's message, before any invite is sent", async () => {
    const own = pick(false);
    const received = pick(true);
    const ids = [own.uuid, received.uuid];
    const response = await post('/api/assessments/invites', { ids, serverSend: true }, session);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'received_from_another_coach', detail: RECEIVED_SELECTION });
    expect(sentTo(clientEmail(own))).toEqual([]);
    expect(bff.store.assessments.get(own.uuid)?.userInvite).toBe(0);

    const preview = await post('/api/assessments/invite-previews', { ids: [received.uuid, own.uuid], serverSend: true }, session);
    expect(preview.statusCode).toBe(400);
    expect(preview.json()).toMatchObject({ code: 'received_from_another_coach', detail: RECEIVED_SELECTION });
  });
});
