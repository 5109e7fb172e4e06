import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ASSISTANT, SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { OUTBOX_PATH, type OutboxAnswer } from './outbox.ts';

describe('GET /__sandbox/outbox (the e-mails the sandbox sent)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const outbox = async (to: string) => {
    const response = await sandbox.app.inject({ method: 'GET', url: OUTBOX_PATH, query: { to } });
    expect(response.statusCode).toBe(200);
    return response.json<OutboxAnswer>();
  };
  const forgotPassword = (email: string) =>
    injectLegacy(sandbox.app, { method: 'POST', url: '/api/v2/forgotpassword', payload: { email } });

  it('answers the reset links sent to an address, newest first, and each link resets the password', async () => {
    expect((await outbox(SEED_COACHES.levelOne.email)).messages).toEqual([]);
    await forgotPassword(SEED_COACHES.levelOne.email);
    sandbox.clock.advance(60_000);
    await forgotPassword(SEED_COACHES.levelOne.email);
    await forgotPassword(SEED_COACHES.miniOnly.email);

    const answer = await outbox(SEED_COACHES.levelOne.email);
    expect(answer.to).toBe(SEED_COACHES.levelOne.email);
    expect(answer.messages).toHaveLength(2);
    const [newest, older] = answer.messages;
    expect(newest).toMatchObject({
      to: SEED_COACHES.levelOne.email,
      subject: 'Reset your coach portal password',
      sentAt: new Date(sandbox.clock.now()).toISOString(),
    });
    expect(older?.sentAt).toBe(new Date(sandbox.clock.now() - 60_000).toISOString());
    expect(newest?.links).toEqual([newest?.body]);
    expect(newest?.links[0]).toMatch(/\/coachportal\/resetpassword\?code=[0-9a-f]+$/);
    expect(newest?.links).not.toEqual(older?.links);

    const resetcode = new URL(newest?.links[0] ?? '').searchParams.get('code');
    const reset = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/api/v2/resetpassword',
      payload: { resetcode, newpassword: 'Lerato-Resets-2026' },
    });
    expect(reset.json()).toEqual({ success: true });
    expect(await signIn(sandbox.app, SEED_COACHES.levelOne.email, 'Lerato-Resets-2026')).toContain('portal_session=');
  });

  it('matches the address without regard to case, and finds the link in an HTML body', async () => {
    const coach = await signIn(sandbox.app, SEED_COACHES.demo.email);
    const added = await sandbox.app.inject({
      method: 'POST',
      url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/newAssistantRequested`,
      headers: { cookie: coach },
      payload: { name: 'Thandi', surname: 'Zulu', email: 'thandi.zulu@example.test' },
    });
    expect(added.json()).toMatchObject({ success: true });
    const [message, ...rest] = (await outbox('Thandi.Zulu@Example.test')).messages;
    expect(rest).toEqual([]);
    expect(message?.body).toContain('<p>');
    expect(message?.links).toHaveLength(1);
    expect(message?.links[0]).toMatch(/\/coachportal\/resetpassword\?code=[0-9a-f]+$/);
    expect((await outbox(SEED_ASSISTANT.email)).messages).toEqual([]);
  });

  it('refuses a request without an address', async () => {
    for (const url of [OUTBOX_PATH, `${OUTBOX_PATH}?to=`, `${OUTBOX_PATH}?to=a@example.test&to=b@example.test`]) {
      const refused = await sandbox.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: { info: 'to must name an e-mail address.' } });
    }
  });
});
