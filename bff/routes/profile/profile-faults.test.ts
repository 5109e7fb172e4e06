// getProfile, updateProfile, the photo and two-factor setup against a legacy stand-in that answers what each test
// tells it: the exact legacy calls (the whole form with the unchanged fields from the record, the current password
// checked first, the image part; no call at all for input the BFF refuses), the QR code drawn by the BFF from the
// secret whatever picture the legacy API points at, and the failures: a legacy 403 ends the session, refusals,
// 5xx and unusable answers are the spec's 'The update failed unexpectedly.' or 502, timeouts 504.
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { COACH_PATH, CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer, FaultUpstream } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { otpauthUri } from './two-factor-service.ts';

const SAVE_PATH = `POST /api/v2/coaches/${LEGACY_COACH_ID}`;
const CHECK_PASSWORD_PATH = `POST /api/v2/coaches/${LEGACY_COACH_ID}/checkPassword`;
const PHOTO_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/profilePhoto`;
const SET_TWO_FACTOR_PATH = `POST /api/v2/coaches/setTwoFactor/${LEGACY_COACH_ID}`;
const VERIFY_TWO_FACTOR_PATH = `POST /api/v2/coaches/verifyTwoFactor/${LEGACY_COACH_ID}`;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4870000000049454e44ae426082',
  'hex',
);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The record's web profile texts: the save sends them back as they are. */
const WEB_PROFILE_TEXTS = {
  webProfileEmail: 'amara@bothacoaching.test',
  webProfilePhoneNumber: '+27 82 555 0199',
  webProfileCountry: 'South Africa',
  webProfileCity: 'Stellenbosch',
  webProfileWebSite: 'https://bothacoaching.test',
  webProfileLanguages: 'English, Afrikaans',
  webProfileScopeOfPractice: 'Executive coaching.',
  webProfileSpecialization: 'Enneagram-based team development.',
};
/** The record's fields the profile answers as they are. */
const AS_RECORDED = {
  uuid: LEGACY_COACH_ID,
  name: 'Amara',
  surname: 'Botha',
  email: 'demo@coachportal.test',
  businessName: 'Botha Coaching',
  phoneNumber: '+27 21 555 0142',
  postalAddress: 'PO Box 1187\nStellenbosch',
};
/** The whole legacy coach record (legacy contract `Coach`). */
const COACH = {
  ...AS_RECORDED,
  vatNumber: null,
  companyRegNumber: '2019/482113/07',
  tokenBalance: 42,
  pendingCredits: 0,
  isAdmin: false,
  newMessages: 0,
  countOfGivenSCOs: 0,
  countOfReceivedSCOs: 0,
  liveSystem: true,
  isAssistant: false,
  enableMiniAssessment: true,
  onlyMiniAssessment: false,
  assessmentNames: { ennea: 'Enneagram', EIT: 'IMf', full: 'Full' },
  teamReportNames: { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' },
  sendSingleAssessmentNotifications: true,
  sendBulkAssessmentNotifications: false,
  sendTeamNotifications: true,
  extraNotificationRecipients: 'admin@bothacoaching.test,thabo@bothacoaching.test',
  accreditationLevel: 2,
  isL1Conversionista: false,
  isAccreditedToCurrentLevel: true,
  twoFactorEnabled: false,
  profileImage: `https://legacy.coachportal.test/api/v2/coaches/${LEGACY_COACH_ID}/profilePhoto`,
  ...WEB_PROFILE_TEXTS,
  webProfileSync: 1,
  webProfileWorkOnline: 0,
};

let bff: FaultBff;
let upstream: FaultUpstream;
let server: FastifyInstance;
let session: string;

async function start({ assisted = false } = {}): Promise<void> {
  bff = await startFaultBff({ coach: COACH, assisted });
  ({ upstream, server, session } = bff);
  upstream.received.length = 0;
}

afterEach(() => bff?.close());

const calls = (route: string) => bff.calls(route);
const legacyCalls = () => upstream.received.map((r) => `${r.method} ${r.url.split('?')[0]}`);
const cookies = () => ({ [SESSION_COOKIE]: session });
const getProfile = () => injectChecked(server, { method: 'GET', url: '/api/profile', cookies: cookies() });
const save = (payload: object) =>
  injectChecked(server, { method: 'PATCH', url: '/api/profile', headers: CSRF, cookies: cookies(), payload });
/** The text fields of a multipart body the stand-in received. */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of body.matchAll(/name="([^"]+)"\r\n\r\n([\s\S]*?)\r\n--/g)) fields[match[1] as string] = match[2] as string;
  return fields;
}
async function upload(data: Buffer, filename = 'me.png') {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)], { type: 'image/png' }), filename);
  const request = new Response(form);
  return injectChecked(server, {
    method: 'PUT',
    url: '/api/profile/photo',
    headers: { ...CSRF, 'content-type': String(request.headers.get('content-type')) },
    cookies: cookies(),
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const FAILURES: [string, CannedAnswer, number, string][] = [
  ['a 5xx', { status: 500, json: { error: { info: 'down' } } }, 502, 'upstream_error'],
  ['garbage', { fault: 'garbage' }, 502, 'upstream_error'],
  ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ['a 403', { status: 403, json: { error: { info: 'Forbidden' } } }, 401, 'session_ended'],
];

describe('getProfile', () => {
  it('reads the coach record with the session cookie and maps it (flags, recipients, web profile, stamps, links)', async () => {
    await start();
    const response = await getProfile();
    expect(response.json()).toEqual({
      ...AS_RECORDED,
      vatNumber: '',
      companyRegNumber: '2019/482113/07',
      accreditationLevel: 2,
      twoFactorEnabled: false,
      photoUrl: expect.stringMatching(/^\/api\/profile\/photo\?v=[0-9a-f]{12}$/),
      notifications: {
        singleAssessment: true,
        bulkAssessment: false,
        teamReport: true,
        extraRecipients: ['admin@bothacoaching.test', 'thabo@bothacoaching.test'],
      },
      webProfile: {
        enabled: true,
        workOnline: false,
        email: 'amara@bothacoaching.test',
        phoneNumber: '+27 82 555 0199',
        country: 'South Africa',
        city: 'Stellenbosch',
        website: 'https://bothacoaching.test',
        languages: 'English, Afrikaans',
        scopeOfPractice: 'Executive coaching.',
        specialization: 'Enneagram-based team development.',
      },
      webResources: {
        stamps: [
          { level: 1, title: 'Enneagram Practitioner', url: 'http://localhost:3000/coachportal/stamps/level-1.png' },
          { level: 2, title: 'Maturity Practitioner', url: 'http://localhost:3000/coachportal/stamps/level-2.png' },
        ],
        selfRegistrationUrl: `http://localhost:3000/coachportal/register/${LEGACY_COACH_ID}`,
        miniAssessmentUrl: `http://localhost:3000/coachportal/mini/${LEGACY_COACH_ID}`,
      },
    });
    const [call] = calls(COACH_PATH);
    expect(call?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it('answers no photo address when the record has none', async () => {
    await start();
    upstream.answer(COACH_PATH, { status: 200, json: { ...COACH, profileImage: null } });
    expect((await getProfile()).json().photoUrl).toBeNull();
  });

  it.each(FAILURES)('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    upstream.answer(COACH_PATH, answer);
    const response = await getProfile();
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});

describe('updateProfile', () => {
  it('sends the whole form: the changes over every field of the record (nulls left out), then reads the profile again', async () => {
    await start();
    upstream.answer(SAVE_PATH, { status: 200, json: { emojis: false } });
    const response = await save({
      businessName: 'Botha Leadership',
      notifications: { teamReport: false, extraRecipients: ['office@bothacoaching.test', 'DEMO@coachportal.test'] },
      webProfile: { enabled: false },
    });
    expect(response.statusCode).toBe(200);
    expect(legacyCalls()).toEqual([COACH_PATH, SAVE_PATH, COACH_PATH]);
    const [call] = calls(SAVE_PATH);
    expect(call?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(formFields(call?.body ?? '')).toEqual({
      name: 'Amara',
      surname: 'Botha',
      email: 'demo@coachportal.test',
      businessName: 'Botha Leadership',
      phoneNumber: '+27 21 555 0142',
      // Form data carries line breaks as CRLF (as a browser's form does).
      postalAddress: 'PO Box 1187\r\nStellenbosch',
      companyRegNumber: '2019/482113/07',
      sendSingleAssessmentNotifications: 'true',
      sendBulkAssessmentNotifications: 'false',
      sendTeamNotifications: 'false',
      extraNotificationRecipients: 'office@bothacoaching.test',
      webProfileSync: '0',
      webProfileWorkOnline: '0',
      ...WEB_PROFILE_TEXTS,
    });
  });

  it('checks the current password with the legacy API first and sends the new one', async () => {
    await start();
    upstream.answer(CHECK_PASSWORD_PATH, { status: 200, json: { allowed: true } });
    upstream.answer(SAVE_PATH, { status: 200, json: { emojis: false } });
    const response = await save({ password: { current: 'Old-pass-123', new: 'Fynbos-Table-77', confirm: 'Fynbos-Table-77' } });
    expect(response.statusCode).toBe(200);
    expect(legacyCalls()).toEqual([COACH_PATH, CHECK_PASSWORD_PATH, SAVE_PATH, COACH_PATH]);
    expect(JSON.parse(calls(CHECK_PASSWORD_PATH)[0]?.body ?? '')).toEqual({ password: 'Old-pass-123' });
    expect(formFields(calls(SAVE_PATH)[0]?.body ?? '').password).toBe('Fynbos-Table-77');
  });

  it('saves nothing when the current password is wrong, or missing (no check sent)', async () => {
    await start();
    upstream.answer(CHECK_PASSWORD_PATH, { status: 200, json: { allowed: false } });
    const wrong = await save({ password: { current: 'nope', new: 'Fynbos-Table-77', confirm: 'Fynbos-Table-77' } });
    expect(wrong.json()).toMatchObject({
      code: 'current_password_incorrect',
      detail: 'Update failed - your current password is incorrect',
    });
    const missing = await save({ password: { current: '', new: 'Fynbos-Table-77', confirm: 'Fynbos-Table-77' } });
    expect(missing.json().code).toBe('current_password_incorrect');
    expect(calls(CHECK_PASSWORD_PATH)).toHaveLength(1);
    expect(calls(SAVE_PATH)).toHaveLength(0);
  });

  it('makes no legacy call for an invalid e-mail, and no save for the other refusals', async () => {
    await start();
    expect((await save({ email: 'nope' })).json().code).toBe('invalid_email');
    expect(legacyCalls()).toEqual([]);
    for (const payload of [
      { notifications: { extraRecipients: ['x'] } },
      { businessName: '🙂' },
      { password: { current: 'a', new: 'short', confirm: 'short' } },
    ]) {
      expect((await save(payload)).statusCode).toBe(400);
    }
    expect(calls(SAVE_PATH)).toHaveLength(0);
    expect(calls(CHECK_PASSWORD_PATH)).toHaveLength(0);
  });

  it("answers the legacy answer's emojis flag with the spec's emoji message", async () => {
    await start();
    upstream.answer(SAVE_PATH, { status: 200, json: { emojis: true } });
    const response = await save({ businessName: 'Botha ✦ Coaching' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'emojis_not_allowed',
      detail: 'The update failed. Please remove all emojis - the system does not currently allow for saving emojis.',
    });
  });

  it.each<[string, string, CannedAnswer, number, string]>([
    [
      'a refused save',
      SAVE_PATH,
      { status: 400, json: { error: { info: 'This email address is already in use.' } } },
      400,
      'profile_update_failed',
    ],
    ['a save refused with 409', SAVE_PATH, { status: 409 }, 400, 'profile_update_failed'],
    ['a failed save', SAVE_PATH, { status: 500 }, 502, 'profile_update_failed'],
    ['a save answering garbage', SAVE_PATH, { fault: 'garbage' }, 502, 'profile_update_failed'],
    ['a failed password check', CHECK_PASSWORD_PATH, { status: 503 }, 502, 'profile_update_failed'],
    ['a refused password check', CHECK_PASSWORD_PATH, { status: 400, json: { error: { info: 'no' } } }, 400, 'profile_update_failed'],
    ['a failed record read', COACH_PATH, { status: 500 }, 502, 'profile_update_failed'],
    ['a save out of time', SAVE_PATH, { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
    ['a 403 on the save', SAVE_PATH, { status: 403 }, 401, 'session_ended'],
  ])('answers %s with %i %s', async (_name, route, answer, status, code) => {
    await start();
    upstream.answer(CHECK_PASSWORD_PATH, { status: 200, json: { allowed: true } });
    upstream.answer(SAVE_PATH, { status: 200, json: { emojis: false } });
    upstream.answer(route, answer);
    const response = await save({
      businessName: 'B',
      password: { current: 'Old-pass-123', new: 'Fynbos-Table-77', confirm: 'Fynbos-Table-77' },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    if (code === 'profile_update_failed') expect(response.json().detail).toBe('The update failed unexpectedly.');
  });

  it("refuses an assistant's session anything but the password, before any legacy call", async () => {
    await start({ assisted: true });
    const response = await save({ businessName: 'B' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_refused');
    expect(legacyCalls()).toEqual([]);
  });
});

describe('the profile photo', () => {
  it('streams the legacy photo with its type', async () => {
    await start();
    upstream.answer(PHOTO_PATH, { status: 200, text: PNG.toString('latin1'), headers: { 'content-type': 'image/png' } });
    const response = await injectChecked(server, { method: 'GET', url: '/api/profile/photo', cookies: cookies() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline/);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['no photo (a legacy refusal)', { status: 400, json: { error: { info: 'No profile photo has been uploaded.' } } }, 404, 'not_found'],
    ['something that is not a picture', { status: 200, text: '<html>', headers: { 'content-type': 'text/html' } }, 502, 'upstream_error'],
    ...FAILURES.filter(([name]) => name !== 'garbage'),
  ])('answers %s with %i %s', async (_name, answer, status, code) => {
    await start();
    upstream.answer(PHOTO_PATH, answer);
    const response = await injectChecked(server, { method: 'GET', url: '/api/profile/photo', cookies: cookies() });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it("sends the record's fields and the image under the BFF's own name and the type its bytes show", async () => {
    await start();
    upstream.answer(SAVE_PATH, { status: 200, json: { emojis: false } });
    const response = await upload(PNG, '../../etc/passwd.png');
    expect(response.statusCode).toBe(200);
    expect(legacyCalls()).toEqual([COACH_PATH, SAVE_PATH]);
    const body = calls(SAVE_PATH)[0]?.body ?? '';
    expect(body).toContain('name="image"; filename="profile-photo.png"\r\nContent-Type: image/png');
    expect(formFields(body)).toMatchObject({ name: 'Amara', email: 'demo@coachportal.test', webProfileSync: '1' });
  });

  it('makes no legacy call for a refused file', async () => {
    await start();
    expect((await upload(Buffer.from('GIF89a-not-a-png'))).json().code).toBe('photo_type_not_allowed');
    expect(legacyCalls()).toEqual([]);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a refused save', { status: 400, json: { error: { info: 'no' } } }, 400, 'profile_update_failed'],
    ['a failed save', { status: 502 }, 502, 'profile_update_failed'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s of the upload with %i %s', async (_name, answer, status, code) => {
    await start();
    upstream.answer(SAVE_PATH, answer);
    const response = await upload(PNG);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});

describe('two-factor setup', () => {
  it('draws the QR code from the secret (otpauth URI with the coach e-mail), never using the legacy picture', async () => {
    await start();
    upstream.answer(SET_TWO_FACTOR_PATH, { status: 200, json: { qrcode: 'https://charts.example.test/qr?chl=otpauth', secret: SECRET } });
    const response = await injectChecked(server, { method: 'POST', url: '/api/profile/two-factor', headers: CSRF, cookies: cookies() });
    expect(response.statusCode).toBe(200);
    const expected = await QRCode.toDataURL(otpauthUri(SECRET, 'demo@coachportal.test'), {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 240,
    });
    expect(response.json()).toEqual({ qrCode: expected, secret: SECRET });
    expect(otpauthUri(SECRET, 'demo@coachportal.test')).toBe(
      `otpauth://totp/Coach%20Portal:demo%40coachportal.test?secret=${SECRET}&issuer=Coach%20Portal`,
    );
    expect(JSON.parse(calls(SET_TWO_FACTOR_PATH)[0]?.body ?? '')).toEqual({ twoFactorEnabled: true });
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['no secret', { status: 200, json: { qrcode: 'data:image/png;base64,AAAA' } }, 502, 'upstream_error'],
    ['a secret that is not base32', { status: 200, json: { secret: 'not base32!' } }, 502, 'upstream_error'],
    ...FAILURES,
  ])('answers %s from setTwoFactor with %i %s', async (_name, answer, status, code) => {
    await start();
    upstream.answer(SET_TWO_FACTOR_PATH, answer);
    const response = await injectChecked(server, { method: 'POST', url: '/api/profile/two-factor', headers: CSRF, cookies: cookies() });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  /** The authenticator code checked, as the set-up dialog sends it. */
  const verify = () =>
    injectChecked(server, {
      method: 'POST',
      url: '/api/profile/two-factor/verification',
      headers: CSRF,
      cookies: cookies(),
      payload: { code: '492817' },
    });

  it('sends the code as the legacy token; success false is the spec text', async () => {
    await start();
    upstream.answer(VERIFY_TWO_FACTOR_PATH, { status: 200, json: { success: false } }, { status: 200, json: { success: true } });
    expect((await verify()).json()).toMatchObject({ code: 'two_factor_code_incorrect', detail: 'Code not correct - please try again' });
    expect((await verify()).json()).toEqual({ twoFactorEnabled: true });
    expect(calls(VERIFY_TWO_FACTOR_PATH).map((call) => JSON.parse(call.body))).toEqual([{ token: '492817' }, { token: '492817' }]);
  });

  it.each<[string, CannedAnswer]>([
    ['a refusal', { status: 400, json: { error: { info: 'Two-factor authentication has not been set up.' } } }],
    ['a 409', { status: 409, json: { error: { info: 'Already verified.' } } }],
    ['a 422 without info', { status: 422 }],
  ])('answers %s of the code check with 400 and the spec text, never a 5xx', async (_name, answer) => {
    await start();
    upstream.answer(VERIFY_TWO_FACTOR_PATH, answer);
    const response = await verify();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'two_factor_code_incorrect', detail: 'Code not correct - please try again' });
  });

  it.each<[string, CannedAnswer, number, string]>([['a 200 without a body', { status: 200 }, 502, 'upstream_error'], ...FAILURES])(
    'answers %s of the code check with %i %s',
    async (_name, answer, status, code) => {
      await start();
      upstream.answer(VERIFY_TWO_FACTOR_PATH, answer);
      const response = await verify();
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
    },
  );

  it('turns it off with twoFactorEnabled false; a refusal is 400 with its info, a 5xx 502', async () => {
    await start();
    upstream.answer(SET_TWO_FACTOR_PATH, { status: 200, json: {} }, { status: 400, json: { error: { info: 'no' } } }, { status: 500 });
    const off = () => injectChecked(server, { method: 'DELETE', url: '/api/profile/two-factor', headers: CSRF, cookies: cookies() });
    expect((await off()).statusCode).toBe(204);
    expect(JSON.parse(calls(SET_TWO_FACTOR_PATH)[0]?.body ?? '')).toEqual({ twoFactorEnabled: false });
    const refused = await off();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'upstream_rejected', title: 'Failed', detail: 'no' });
    expect((await off()).json()).toMatchObject({ status: 502, code: 'upstream_error' });
  });
});
