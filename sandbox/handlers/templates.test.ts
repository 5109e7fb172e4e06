import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplate } from '../domain/email-templates.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;
const url = `/api/v2/coaches/${demo}/emailtemplates/ennea_invite`;

describe('e-mail templates (spec coach-shell §2.5, §4)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    injectLegacy(sandbox.app, { method, url: path, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('answers the default text with coachId 0 until customised', async () => {
    expect((await call('GET', url)).json()).toEqual([{ coachId: 0, emailText: defaultTemplate('ennea_invite') }]);
  });

  it('saves a customised text that the invite e-mail then uses, and reverts it', async () => {
    const emailText = 'Hi {guestname},\n\nHere is your link: {assessmentlink}\n\n{coachname}';
    expect((await call('PUT', url, { emailText })).statusCode).toBe(200);
    const [first] = (await call('GET', url)).json();
    expect(first).toEqual({ coachId: 101, emailText });
    const assessment = ownAssessments(sandbox.store, demo).find((a) => a.assessmentType === 'ennea' && a.userInvite === 0);
    const preview = await sandbox.app.inject({
      method: 'GET',
      url: `/api/v2/tokens/${assessment?.uuid}/sendinvite?serverSend=true&forPreview=true`,
      headers: { cookie },
    });
    expect(preview.json().body).toContain('Here is your link');
    expect((await call('DELETE', url)).statusCode).toBe(200);
    expect((await call('GET', url)).json()).toEqual([{ coachId: 0, emailText: defaultTemplate('ennea_invite') }]);
    expect((await call('DELETE', url)).statusCode).toBe(400);
  });

  it('refuses an unknown template name through the contract', async () => {
    expect(
      (await sandbox.app.inject({ method: 'GET', url: `/api/v2/coaches/${demo}/emailtemplates/other`, headers: { cookie } })).statusCode,
    ).toBe(400);
  });
});
