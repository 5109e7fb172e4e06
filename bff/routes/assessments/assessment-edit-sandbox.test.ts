// editAssessments against the stateful sandbox legacy API: the token fields of every selected assessment and the
// client fields once per client change as sent; a completed assessment's name, surname and e-mail are locked except
// for an impersonator; a received one refuses the selection; a bad e-mail is the dialog's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { COMPLETED_FIELDS_LOCKED, INVALID_CLIENT_EMAIL } from './assessment-edit-service.ts';

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 40 }));
});
afterAll(() => bff?.close());

const edit = (payload: object, cookie = session) =>
  injectChecked(bff.server, { method: 'PATCH', url: '/api/assessments', headers: CSRF, payload, cookies: { [SESSION_COOKIE]: cookie } });
const own = () => [...bff.store.assessments.values()].filter((a) => a.coachUUID === SEED_COACHES.demo.uuid);

/** An administrator acting for the demo coach, through the admin tool's impersonation. */
const impersonate = () => bff.impersonate();

describe('editAssessments', () => {
  it('changes the language and project of every assessment and the client once', async () => {
    const open = own().filter((a) => !a.guestCompletedAt);
    const [a, b] = open;
    if (!a || !b) throw new Error('seed');
    const response = await edit({ ids: [a.uuid, b.uuid], language: 'slovak', project: 'Danube Onboarding', company: 'Danube Analytics' });
    expect(response.json()).toEqual({ total: 2, succeeded: 2, failed: [], notAttempted: 0 });
    for (const record of [a, b]) {
      const after = bff.store.assessments.get(record.uuid);
      expect(after).toMatchObject({ assessmentLanguage: 'slovak', userCoach: 'Danube Onboarding' });
      expect(bff.store.clients.get(record.clientUUID)?.company).toBe('Danube Analytics');
    }
  });

  it('clears the project, the company and the other data sent empty; the list shows them empty', async () => {
    const [a] = own().filter((record) => !record.guestCompletedAt);
    if (!a) throw new Error('seed');
    await edit({ ids: [a.uuid], project: 'Temporary', company: 'Temporary Co', otherData: 'Temporary note' });
    const response = await edit({ ids: [a.uuid], project: '', company: '', otherData: '' });
    expect(response.json()).toEqual({ total: 1, succeeded: 1, failed: [], notAttempted: 0 });
    expect(bff.store.assessments.get(a.uuid)?.userCoach ?? '').toBe('');
    expect(bff.store.clients.get(a.clientUUID)).toMatchObject({ company: null, otherData: null });
    const details = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/assessments/details',
      headers: CSRF,
      payload: { ids: [a.uuid] },
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(details.json().items[0]).toMatchObject({ project: '', company: '', otherData: '' });
  });

  it('locks the name of a completed assessment for the coach, not for an impersonator', async () => {
    const done = own().find((a) => a.guestCompletedAt);
    if (!done) throw new Error('seed');
    const locked = await edit({ ids: [done.uuid], name: 'Renamed' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ code: 'completed_fields_locked', detail: COMPLETED_FIELDS_LOCKED });
    const asAdmin = await edit({ ids: [done.uuid], name: 'Renamed' }, await impersonate());
    expect(asAdmin.json().succeeded).toBe(1);
    expect(bff.store.clients.get(done.clientUUID)?.name).toBe('Renamed');
  });

  it("refuses a received assessment and answers a bad e-mail with the dialog's text", async () => {
    const received = bff.store.scoGrants.find((grant) => grant.toCoachUuid === SEED_COACHES.demo.uuid)?.assessmentUuid;
    expect((await edit({ ids: [received], project: 'x' })).json().code).toBe('received_from_another_coach');
    const [first] = own();
    const bad = await edit({ ids: [first?.uuid], email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', detail: INVALID_CLIENT_EMAIL });
  });
});
