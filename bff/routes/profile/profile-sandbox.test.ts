// getProfile, updateProfile, getProfilePhoto and uploadProfilePhoto against the stateful sandbox legacy API: the
// profile as the legacy record holds it (stamps by level, the coach's links), 'Save Changes' with the spec's
// checks and messages (spec coach-shell §5 "Profile save", §8), the password change checked with the server,
// an assistant's own password, and the photo: saved and read back, refused by type and size while it streams
// in (an oversize body is refused before it is all read). Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type HugeUpload, hugeUpload } from '../../test-support/huge-upload.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { PHOTO_MAX_BYTES } from './photo-upload.ts';

const DEMO = SEED_COACHES.demo;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4870000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  // A start-of-frame segment: the header that gives the picture's size (1 × 1).
  Buffer.from('ffc0001108000100010301220002110103110100', 'hex'),
  Buffer.alloc(64, 1),
  Buffer.from('ffd9', 'hex'),
]);
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

let bff: SandboxBff;
let session: string;

// Signed in once: sign-in is limited to 5 a minute per e-mail.
beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5 }));
});
afterAll(() => bff?.close());

const demoRecord = () => {
  const coach = bff.store.coaches.get(DEMO.uuid);
  if (!coach) throw new Error('no demo coach');
  return coach;
};

async function signInAs(email: string, password = DEMO_PASSWORD) {
  return injectChecked(bff.server, { method: 'POST', url: '/api/session', headers: CSRF, payload: { email, password } });
}
let assistantCookie: string | undefined;
async function assistantSession(): Promise<string> {
  assistantCookie ??= (await signInAs(SEED_ASSISTANT.email)).cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
  return assistantCookie;
}

const getProfile = (as = session) => injectChecked(bff.server, { method: 'GET', url: '/api/profile', cookies: { [SESSION_COOKIE]: as } });
const save = (payload: object, as = session) =>
  injectChecked(bff.server, { method: 'PATCH', url: '/api/profile', headers: CSRF, cookies: { [SESSION_COOKIE]: as }, payload });

function multipart(file: { name?: string; filename: string; type: string; data: Buffer }) {
  const form = new FormData();
  form.append(file.name ?? 'photo', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  return new Response(form);
}
async function upload(file: Parameters<typeof multipart>[0], as = session) {
  const request = multipart(file);
  return injectChecked(bff.server, {
    method: 'PUT',
    url: '/api/profile/photo',
    headers: { ...CSRF, 'content-type': String(request.headers.get('content-type')) },
    cookies: { [SESSION_COOKIE]: as },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
const getPhoto = () => injectChecked(bff.server, { method: 'GET', url: '/api/profile/photo', cookies: { [SESSION_COOKIE]: session } });

describe('GET /api/profile (getProfile)', () => {
  it("answers the coach's details, notifications, web profile and web resources", async () => {
    Object.assign(demoRecord(), {
      extraNotificationRecipients: 'office@nkosi.test,team@nkosi.test',
      webProfileSync: 1,
      webProfileCity: 'Durban',
    });
    const response = await getProfile();
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      uuid: DEMO.uuid,
      name: demoRecord().name,
      email: DEMO.email,
      businessName: demoRecord().businessName,
      twoFactorEnabled: false,
      photoUrl: null,
      notifications: { extraRecipients: ['office@nkosi.test', 'team@nkosi.test'] },
      webProfile: { enabled: true, city: 'Durban' },
      webResources: {
        selfRegistrationUrl: `http://localhost:3000/coachportal/register/${DEMO.uuid}`,
      },
    });
  });

  it('lists the stamps up to the level, one lower when not yet accredited to it, none of level 1 for a conversion (spec §6)', async () => {
    const titles = async () => ((await getProfile()).json().webResources.stamps as { title: string }[]).map((stamp) => stamp.title);
    Object.assign(demoRecord(), { accreditationLevel: 3, isAccreditedToCurrentLevel: true, isL1Conversionista: false });
    expect(await titles()).toEqual(['Enneagram Practitioner', 'Maturity Practitioner', 'Teams Practitioner']);
    Object.assign(demoRecord(), { isAccreditedToCurrentLevel: false });
    expect(await titles()).toEqual(['Enneagram Practitioner', 'Maturity Practitioner']);
    Object.assign(demoRecord(), { isL1Conversionista: true });
    expect(await titles()).toEqual(['Maturity Practitioner']);
    Object.assign(demoRecord(), { accreditationLevel: 4, isAccreditedToCurrentLevel: true, isL1Conversionista: false });
  });

  it('gives the mini-assessment link only when mini-assessments are enabled', async () => {
    Object.assign(demoRecord(), { enableMiniAssessment: false });
    expect((await getProfile()).json().webResources.miniAssessmentUrl).toBeNull();
    Object.assign(demoRecord(), { enableMiniAssessment: true });
    expect((await getProfile()).json().webResources.miniAssessmentUrl).toBe(`http://localhost:3000/coachportal/mini/${DEMO.uuid}`);
  });

  it('answers 401 session_ended without a session', async () => {
    const response = await injectChecked(bff.server, { method: 'GET', url: '/api/profile' });
    expect(response.json().code).toBe('session_ended');
  });
});

describe('PATCH /api/profile (updateProfile)', () => {
  it('saves only what changed, strips the coach’s own e-mail from the recipients and answers the profile as stored', async () => {
    const before = demoRecord();
    const { phoneNumber, postalAddress } = before;
    const response = await save({
      businessName: 'Nkosi Leadership',
      notifications: { bulkAssessment: true, extraRecipients: ['office@nkosi.test', '', DEMO.email.toUpperCase(), ' team@nkosi.test '] },
      webProfile: { enabled: true, workOnline: false, city: 'Durban', scopeOfPractice: 'x'.repeat(1000) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      businessName: 'Nkosi Leadership',
      phoneNumber,
      postalAddress,
      notifications: { bulkAssessment: true, extraRecipients: ['office@nkosi.test', 'team@nkosi.test'] },
      webProfile: { enabled: true, workOnline: false, city: 'Durban' },
    });
    expect(demoRecord()).toMatchObject({
      businessName: 'Nkosi Leadership',
      phoneNumber,
      sendBulkAssessmentNotifications: true,
      extraNotificationRecipients: 'office@nkosi.test,team@nkosi.test',
      webProfileSync: 1,
      webProfileWorkOnline: 0,
      webProfileScopeOfPractice: 'x'.repeat(1000),
    });
    expect((await getProfile()).json()).toEqual(response.json());
  });

  it.each<[string, object, number, string, string]>([
    ['an invalid e-mail', { email: 'not-an-address' }, 400, 'invalid_email', 'Update failed - your email is invalid'],
    [
      'an invalid web profile e-mail',
      { webProfile: { email: 'x@y' } },
      400,
      'invalid_email',
      'Update failed - your web profile email is invalid',
    ],
    ['an empty name', { name: '' }, 400, 'validation_failed', 'Please enter the name.'],
    [
      'invalid recipients',
      { notifications: { extraRecipients: ['ok@nkosi.test', 'nope', 'also@bad'] } },
      400,
      'invalid_recipient_emails',
      'Invalid emails: nope, also@bad',
    ],
    [
      'recipients over 300 characters',
      { notifications: { extraRecipients: Array.from({ length: 15 }, (_, i) => `recipient.number.${i}@nkosi.test`) } },
      400,
      'too_many_recipients',
      'You cannot specify so many email recipients',
    ],
    [
      'an emoji',
      { businessName: 'Sunny coaching ☀️' },
      400,
      'validation_failed',
      'The update failed. Please remove all emojis from the business name - the system does not currently allow for saving emojis.',
    ],
    [
      'a weak new password',
      { password: { current: DEMO_PASSWORD, new: 'abcdefgh', confirm: 'abcdefgh' } },
      400,
      'weak_password',
      'Update failed - password must be strong, please see guidelines above',
    ],
    [
      'a confirmation that differs',
      { password: { current: DEMO_PASSWORD, new: 'Fynbos-Table-77', confirm: 'Fynbos-Table-78' } },
      400,
      'password_mismatch',
      "Update failed - the confirmed password doesn't match the new password",
    ],
    [
      'a wrong current password',
      { businessName: 'Changed', password: { current: 'wrong-password', new: 'Fynbos-Table-77', confirm: 'Fynbos-Table-77' } },
      400,
      'current_password_incorrect',
      'Update failed - your current password is incorrect',
    ],
  ])('refuses %s with the spec message and saves nothing', async (_name, payload, status, code, detail) => {
    const before = structuredClone(demoRecord());
    const response = await save(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, detail });
    expect(demoRecord()).toEqual(before);
  });

  it.each([
    ['email', { email: 'me@nodot' }, 'Update failed - your email is invalid'],
    ['webProfile.email', { webProfile: { email: 'public@nodot' } }, 'Update failed - your web profile email is invalid'],
    ['name', { name: '' }, 'Please enter the name.'],
    ['webProfile.city', { webProfile: { city: 'x'.repeat(255) } }, 'The city can be at most 254 characters long.'],
    [
      'businessName',
      { businessName: 'Sunny coaching 😀' },
      'The update failed. Please remove all emojis from the business name - the system does not currently allow for saving emojis.',
    ],
  ])('names the refused field %s in `errors` with its sentence, for the form to show it there', async (field, payload, message) => {
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: message, errors: [{ field, message }] });
  });

  it('keeps 300 characters of recipients (the own address not counted), not 301', async () => {
    // 9 addresses of 29 characters, one of 30 and 9 commas: 300 characters; one more is too many.
    const recipients = [...Array.from({ length: 9 }, (_, i) => `recipient.number.${i}@nkosi.test`), 'recipient.number.9@nkosi.tests'];
    expect(recipients.join(',').length).toBe(300);
    const response = await save({ notifications: { extraRecipients: [...recipients, DEMO.email] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().notifications.extraRecipients).toEqual(recipients);
    const over = await save({ notifications: { extraRecipients: [...recipients.slice(0, 9), 'recipient.number.9@nkosi.testsx'] } });
    expect(over.json().code).toBe('too_many_recipients');
  });

  it.each([
    ['web profile city', { webProfile: { city: 'x'.repeat(255) } }],
    ['web profile phone', { webProfile: { phoneNumber: '1'.repeat(55) } }],
    ['specialization', { webProfile: { specialization: 'x'.repeat(1001) } }],
  ])('refuses a %s over its limit (spec §5) as validation_failed', async (_name, payload) => {
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });

  it('changes the password once the server confirmed the current one; the new one signs in', async () => {
    const response = await save({ password: { current: DEMO_PASSWORD, new: 'Fynbos-Table-77', confirm: 'Fynbos-Table-77' } });
    expect(response.statusCode).toBe(200);
    // This browser goes on under a new cookie (bff/routes/profile/sessions-sandbox.test.ts).
    const renewed = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    expect(renewed).toBeTruthy();
    session = renewed ?? '';
    expect((await signInAs(DEMO.email, 'Fynbos-Table-77')).statusCode).toBe(200);
    expect((await signInAs(DEMO.email)).statusCode).toBe(401);
    demoRecord().password = DEMO_PASSWORD;
  });

  it("lets an assistant change the assistant's own password, and nothing else", async () => {
    const assistant = await assistantSession();
    const refused = await save({ businessName: 'Taken over' }, assistant);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_refused');
    const wrong = await save({ password: { current: 'wrong-password', new: 'Assistant-Pass-9', confirm: 'Assistant-Pass-9' } }, assistant);
    expect(wrong.json().code).toBe('current_password_incorrect');
    const changed = await save({ password: { current: DEMO_PASSWORD, new: 'Assistant-Pass-9', confirm: 'Assistant-Pass-9' } }, assistant);
    expect(changed.statusCode).toBe(200);
    assistantCookie = changed.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    expect(bff.store.assistants.get(SEED_ASSISTANT.uuid)?.password).toBe('Assistant-Pass-9');
    expect(demoRecord().password).toBe(DEMO_PASSWORD);
    const assistantRecord = bff.store.assistants.get(SEED_ASSISTANT.uuid);
    if (assistantRecord) assistantRecord.password = DEMO_PASSWORD;
  });

  it('is refused without the CSRF header', async () => {
    const response = await injectChecked(bff.server, {
      method: 'PATCH',
      url: '/api/profile',
      cookies: { [SESSION_COOKIE]: session },
      payload: { businessName: 'x' },
    });
    expect(response.json().code).toBe('csrf_required');
  });
});

describe('the profile photo (getProfilePhoto, uploadProfilePhoto)', () => {
  it('answers 404 while the coach has no photo', async () => {
    demoRecord().profilePhoto = null;
    const response = await getPhoto();
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it.each([
    ['a PNG', 'me.png', 'image/png', PNG],
    ['a JPEG', 'me.JPEG', 'image/jpeg', JPEG],
  ])('saves %s, which the profile then points at and getProfilePhoto answers', async (_name, filename, type, data) => {
    const before = structuredClone({ ...demoRecord(), profilePhoto: null });
    const response = await upload({ filename, type, data });
    expect(response.statusCode).toBe(200);
    expect(response.json().photoUrl).toMatch(/^\/api\/profile\/photo\?v=\d+$/);
    expect(demoRecord().profilePhoto).toEqual({ contentType: type, data });
    // Nothing else of the record changed.
    expect({ ...demoRecord(), profilePhoto: null }).toEqual(before);
    const photo = await getPhoto();
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe(type);
    expect(photo.rawPayload.equals(data)).toBe(true);
    expect((await getProfile()).json().photoUrl).toMatch(/^\/api\/profile\/photo\?v=[0-9a-f]+$/);
  });

  it('accepts a photo of exactly 8 MB', async () => {
    const data = Buffer.concat([PNG, Buffer.alloc(PHOTO_MAX_BYTES - PNG.length, 7)]);
    const response = await upload({ filename: 'big.png', type: 'image/png', data });
    expect(response.statusCode).toBe(200);
    expect(demoRecord().profilePhoto?.data.length).toBe(PHOTO_MAX_BYTES);
  });

  it.each([
    ['a GIF named .png', 'me.png', 'image/png', GIF],
    ['a PNG named .gif', 'me.gif', 'image/gif', PNG],
    ['a text file', 'notes.txt', 'text/plain', Buffer.from('hello')],
    ['an empty file', 'me.png', 'image/png', Buffer.alloc(0)],
  ])('refuses %s: only jpg/jpeg and png', async (_name, filename, type, data) => {
    demoRecord().profilePhoto = null;
    const response = await upload({ filename, type, data });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'photo_type_not_allowed', detail: 'Only jpg/jpeg and png files are allowed!' });
    expect(demoRecord().profilePhoto).toBeNull();
  });

  it('refuses a photo one byte over 8 MB', async () => {
    demoRecord().profilePhoto = null;
    const data = Buffer.concat([PNG, Buffer.alloc(PHOTO_MAX_BYTES + 1 - PNG.length, 7)]);
    const response = await upload({ filename: 'big.png', type: 'image/png', data });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'photo_too_large', detail: 'Please ensure that your profile photo is less than 8MB.' });
    expect(demoRecord().profilePhoto).toBeNull();
  });

  /** A 20 MB upload as a stream that counts what the BFF pulled from it. */
  const hugePhoto = (head: Buffer) =>
    hugeUpload({
      boundary: 'profile-photo-boundary',
      total: 20 * 1024 * 1024,
      file: { name: 'photo', fileName: 'big.png', type: 'image/png' },
      head,
    });
  const putHugePhoto = (huge: HugeUpload, headers: Record<string, string> = {}) =>
    injectChecked(bff.server, {
      method: 'PUT',
      url: '/api/profile/photo',
      headers: { ...CSRF, 'content-type': huge.contentType, ...headers },
      cookies: { [SESSION_COOKIE]: session },
      payload: huge.stream,
    });

  it('refuses a body larger than 8 MB as soon as the photo passes the limit, before the body is all read', async () => {
    demoRecord().profilePhoto = null;
    const huge = hugePhoto(PNG);
    const response = await putHugePhoto(huge);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('photo_too_large');
    expect(response.headers.connection).toBe('close');
    expect(huge.pulled()).toBeLessThan(PHOTO_MAX_BYTES + 1024 * 1024);
    expect(huge.pulled()).toBeLessThan(huge.total);
    expect(demoRecord().profilePhoto).toBeNull();
  });

  it('refuses a body that declares more than 8 MB without reading any of it', async () => {
    const huge = hugePhoto(PNG);
    const response = await putHugePhoto(huge, { 'content-length': String(huge.total) });
    expect(response.json().code).toBe('photo_too_large');
    expect(huge.pulled()).toBeLessThanOrEqual(64 * 1024 + 1024);
  });

  it('refuses a large file that is not a picture after its first bytes', async () => {
    const huge = hugePhoto(Buffer.from('GIF89a'));
    const response = await putHugePhoto(huge);
    expect(response.json().code).toBe('photo_type_not_allowed');
    expect(huge.pulled()).toBeLessThan(1024 * 1024);
  });

  it('answers validation_failed for a form without the photo part, and 415 for a JSON body', async () => {
    const other = await upload({ name: 'picture', filename: 'me.png', type: 'image/png', data: PNG });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('validation_failed');
    const json = await injectChecked(bff.server, {
      method: 'PUT',
      url: '/api/profile/photo',
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: session },
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it("refuses an assistant's session (the Details section is hidden, spec §6)", async () => {
    const assistant = await assistantSession();
    const response = await upload({ filename: 'me.png', type: 'image/png', data: PNG }, assistant);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_refused');
  });
});
