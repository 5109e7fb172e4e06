import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../domain/totp.ts';
import { SEED_ASSISTANT, SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4870000000049454e44ae426082',
  'hex',
);

function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  return new Response(form);
}

describe('coach profile, credit orders, password check, two-factor (spec coach-shell §2.12, §4, §5)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const details = { name: 'Amara', surname: 'Nkosi', email: SEED_COACHES.demo.email };
  const saveProfile = async (fields: Record<string, string>, file?: Parameters<typeof multipart>[1], as = cookie) => {
    const request = multipart(fields, file);
    return injectLegacy(sandbox.app, {
      method: 'POST',
      url: `/api/v2/coaches/${demo}`,
      headers: { cookie: as, 'content-type': String(request.headers.get('content-type')) },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    injectLegacy(sandbox.app, { method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const coach = () => sandbox.store.coaches.get(demo);

  it('saves details, flags, recipients and web profile, stripping the coach’s own e-mail', async () => {
    const response = await saveProfile({
      ...details,
      businessName: 'Nkosi Leadership',
      sendBulkAssessmentNotifications: 'true',
      extraNotificationRecipients: `office@nkosi.test\n${SEED_COACHES.demo.email}\nteam@nkosi.test`,
      webProfileSync: '1',
      webProfileCity: 'Durban',
    });
    expect(response.json()).toEqual({ emojis: false });
    const record = (await call('GET', `/api/v2/coaches/${demo}`)).json();
    expect(record).toMatchObject({
      businessName: 'Nkosi Leadership',
      sendBulkAssessmentNotifications: true,
      extraNotificationRecipients: 'office@nkosi.test,team@nkosi.test',
      webProfileSync: 1,
      webProfileCity: 'Durban',
    });
  });

  it('refuses a field with emojis and saves nothing', async () => {
    const response = await saveProfile({ ...details, businessName: 'Sunny coaching ☀️' });
    expect(response.json()).toEqual({ emojis: true });
    expect(coach()?.businessName).toBe('Nkosi Leadership');
  });

  it('answers the spec messages for invalid recipients, too many recipients and a weak password', async () => {
    const invalid = await saveProfile({ ...details, extraNotificationRecipients: 'office@nkosi.test\nnot-an-address' });
    expect(invalid.json()).toEqual({ error: { info: 'Invalid emails: not-an-address' } });
    const many = Array.from({ length: 20 }, (_, i) => `recipient.number.${i}@x.test`).join('\n');
    expect((await saveProfile({ ...details, extraNotificationRecipients: many })).statusCode).toBe(400);
    const taken = await saveProfile({ ...details, email: SEED_COACHES.peer.email });
    expect(taken.json()).toEqual({ error: { info: 'This email address is already in use.' } });
  });

  it('changes the password after checkPassword confirms the current one', async () => {
    expect((await call('POST', `/api/v2/coaches/${demo}/checkPassword`, { password: 'wrong' })).json()).toEqual({ allowed: false });
    expect((await call('POST', `/api/v2/coaches/${demo}/checkPassword`, { password: 'Demo-portal-2026!' })).json()).toEqual({
      allowed: true,
    });
    await saveProfile({ ...details, password: 'New-portal-2027!' });
    expect((await call('POST', `/api/v2/coaches/${demo}/checkPassword`, { password: 'New-portal-2027!' })).json()).toEqual({
      allowed: true,
    });
    await saveProfile({ ...details, password: 'Demo-portal-2026!' });
  });

  it('lets an assistant change only their own password', async () => {
    const assistantCookie = await signIn(sandbox.app, SEED_ASSISTANT.email);
    await saveProfile({ ...details, businessName: 'Changed by assistant', password: 'Assistant-2027!' }, undefined, assistantCookie);
    expect(sandbox.store.assistants.get(SEED_ASSISTANT.uuid)?.password).toBe('Assistant-2027!');
    expect(coach()?.businessName).toBe('Nkosi Leadership');
    expect(coach()?.password).toBe('Demo-portal-2026!');
  });

  it('stores a PNG photo and serves it back; refuses other files with the spec message', async () => {
    const saved = await saveProfile(details, { name: 'image', filename: 'me.png', type: 'image/png', data: PNG });
    expect(saved.json()).toEqual({ emojis: false });
    const photo = await call('GET', `/api/v2/coaches/${demo}/profilePhoto`);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', `/api/v2/coaches/${demo}`)).json().profileImage).toBe(
      `http://localhost:4010/api/v2/coaches/${demo}/profilePhoto`,
    );
    const text = await saveProfile(details, { name: 'image', filename: 'me.gif', type: 'image/gif', data: Buffer.from('GIF89a') });
    expect(text.json()).toEqual({ error: { info: 'Only jpg/jpeg and png files are allowed!' } });
  });

  it('places a bulk credit order of at least 10 credits, one at a time, and cancels it', async () => {
    const url = `/api/v2/coaches/${demo}`;
    expect((await call('PUT', url, { pendingCredits: 9, newCreditOrder: true })).statusCode).toBe(400);
    expect((await call('PUT', url, { pendingCredits: 120, newCreditOrder: true })).statusCode).toBe(200);
    expect((await call('GET', url)).json().pendingCredits).toBe(120);
    expect(sandbox.store.outbox.at(-1)?.body).toContain('10% bulk discount');
    expect((await call('PUT', url, { pendingCredits: 10, newCreditOrder: true })).json().error.info).toMatch(/already a pending/);
    expect((await call('PUT', url, { cancelCreditOrder: true })).statusCode).toBe(200);
    expect((await call('GET', url)).json().pendingCredits).toBe(0);
    expect((await call('PUT', url, { cancelCreditOrder: true })).statusCode).toBe(400);
  });

  it('sets up two-factor with a real secret: a wrong code fails, the current code completes it and login asks for it', async () => {
    const setup = (await call('POST', `/api/v2/coaches/setTwoFactor/${demo}`, { twoFactorEnabled: true })).json();
    expect(setup.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(coach()?.twoFactorEnabled).toBe(false);
    const now = new Date(sandbox.clock.now());
    const wrong = currentCode(setup.secret, now) === '000000' ? '111111' : '000000';
    expect((await call('POST', `/api/v2/coaches/verifyTwoFactor/${demo}`, { token: wrong })).json()).toEqual({ success: false });
    const right = currentCode(setup.secret, now);
    expect((await call('POST', `/api/v2/coaches/verifyTwoFactor/${demo}`, { token: right })).json()).toEqual({ success: true });
    expect((await call('GET', `/api/v2/coaches/${demo}`)).json().twoFactorEnabled).toBe(true);
    const login = await sandbox.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: SEED_COACHES.demo.email, password: 'Demo-portal-2026!' },
    });
    expect(login.json()).toMatchObject({ allowed: false, needTFA: true });
    expect((await call('POST', `/api/v2/coaches/setTwoFactor/${demo}`, { twoFactorEnabled: false })).json()).toEqual({});
    expect(coach()?.twoFactorSecret).toBeNull();
  });

  it('refuses another coach’s profile', async () => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: `/api/v2/coaches/${SEED_COACHES.peer.uuid}/checkPassword`,
      headers: { cookie },
      payload: { password: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});
