import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ASSISTANT, SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('assistants (spec coach-shell §2.12, §4, §5)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = cookie) =>
    injectLegacy(sandbox.app, { method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) });
  const list = async () => (await call('GET', `/api/v2/coaches/${demo}/assistants`)).json().assistants;

  it('lists the coach’s assistants with their blocked state', async () => {
    expect(await list()).toEqual([
      { uuid: SEED_ASSISTANT.uuid, name: 'Thandi', surname: 'Mahlangu', email: SEED_ASSISTANT.email, isBlocked: false },
      expect.objectContaining({ email: 'former.assistant@coachportal.test', isBlocked: true }),
    ]);
  });

  it('adds an assistant, e-mails a set-password link, and refuses an e-mail already in use', async () => {
    const added = await call('POST', `/api/v2/coaches/${demo}/newAssistantRequested`, {
      name: 'Refilwe',
      surname: 'Sithole',
      email: 'refilwe@nkosi.test',
    });
    expect(added.json()).toEqual({ success: true, message: 'Your assistant has been added and will receive an e-mail to set a password.' });
    expect(sandbox.store.outbox.at(-1)).toMatchObject({ to: 'refilwe@nkosi.test' });
    expect((await list()).map((a: { email: string }) => a.email)).toContain('refilwe@nkosi.test');
    const again = await call('POST', `/api/v2/coaches/${demo}/newAssistantRequested`, {
      name: 'Refilwe',
      surname: 'Sithole',
      email: SEED_COACHES.peer.email,
    });
    expect(again.json()).toEqual({ success: false, error: 'This email address is already in use.' });
  });

  it('refuses blank fields with the spec message', async () => {
    const blank = await call('POST', `/api/v2/coaches/${demo}/newAssistantRequested`, { name: ' ', surname: 'X', email: 'x@y.test' });
    expect(blank.json()).toEqual({ success: false, error: 'Please fill in all fields: name, surname, and email.' });
  });

  it('edits an assistant; the new e-mail signs in', async () => {
    const edited = await call('POST', `/api/v2/coaches/${demo}/assistantEdit/${SEED_ASSISTANT.uuid}`, {
      name: 'Thandiwe',
      surname: 'Mahlangu',
      email: 'thandiwe@nkosi.test',
    });
    expect(edited.json()).toEqual({ success: true });
    await signIn(sandbox.app, 'thandiwe@nkosi.test');
    const unknown = await call('POST', `/api/v2/coaches/${demo}/assistantEdit/${SEED_COACHES.peer.uuid}`, {
      name: 'A',
      surname: 'B',
      email: 'a@b.test',
    });
    expect(unknown.json()).toEqual({ error: { info: 'Assistant not found.' } });
  });

  it('blocks an assistant, ending their session and refusing sign-in, then unblocks', async () => {
    const assistantCookie = await signIn(sandbox.app, 'thandiwe@nkosi.test');
    expect((await call('GET', `/api/v2/coaches/${demo}/assistantBlock/${SEED_ASSISTANT.uuid}/block`)).statusCode).toBe(200);
    expect(
      (await sandbox.app.inject({ method: 'GET', url: `/api/v2/coaches/${demo}`, headers: { cookie: assistantCookie } })).statusCode,
    ).toBe(403);
    const login = await sandbox.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: 'thandiwe@nkosi.test', password: 'Demo-portal-2026!' },
    });
    expect(login.json()).toMatchObject({ allowed: false, isBlocked: true });
    await call('GET', `/api/v2/coaches/${demo}/assistantBlock/${SEED_ASSISTANT.uuid}/unblock`);
    await signIn(sandbox.app, 'thandiwe@nkosi.test');
  });

  it('keeps an assistant out of the assistants list', async () => {
    const assistantCookie = await signIn(sandbox.app, 'thandiwe@nkosi.test');
    const response = await call('GET', `/api/v2/coaches/${demo}/assistants`, undefined, assistantCookie);
    expect(response.json()).toEqual({ error: { info: 'An assistant cannot manage assistants.' } });
  });
});
