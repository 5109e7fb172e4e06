// startTwoFactorSetup, verifyTwoFactor and disableTwoFactor against the stateful sandbox legacy API (spec
// coach-shell §3 "Two-factor setup", §4 "Two-factor", §5): the QR code (a PNG drawn by the BFF) and the secret,
// a wrong code refused with the spec's text, a real code computed here from the secret completing the setup,
// after which sign-in asks for the code; turning it off; the code check's strict rate limit. Every answer is
// checked against the contract.
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';

const DEMO = SEED_COACHES.demo;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5, env: { RATE_LIMIT_STRICT_MAX: '6' } }));
});
afterAll(() => bff?.close());

const demoRecord = () => {
  const coach = bff.store.coaches.get(DEMO.uuid);
  if (!coach) throw new Error('no demo coach');
  return coach;
};
const as = (cookie: string) => ({ headers: CSRF, cookies: { [SESSION_COOKIE]: cookie } });
const start = (cookie = session) => injectChecked(bff.server, { method: 'POST', url: '/api/profile/two-factor', ...as(cookie) });
const verify = (code: string, cookie = session) =>
  injectChecked(bff.server, { method: 'POST', url: '/api/profile/two-factor/verification', ...as(cookie), payload: { code } });
const disable = (cookie = session) => injectChecked(bff.server, { method: 'DELETE', url: '/api/profile/two-factor', ...as(cookie) });
const profile = () => injectChecked(bff.server, { method: 'GET', url: '/api/profile', cookies: { [SESSION_COOKIE]: session } });
const signIn = (twoFactorCode?: string) =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/session',
    headers: CSRF,
    payload: { email: DEMO.email, password: DEMO_PASSWORD, ...(twoFactorCode && { twoFactorCode }) },
  });
/** The code an authenticator app shows now for this secret (TOTP: SHA-1, 6 digits, 30 seconds). */
const codeOf = (secret: string, at = Date.now()) => generateSync({ secret, epoch: Math.floor(at / 1000), period: 30 });
/** A 6-digit code that is not the current one, nor the one of the step before or after. */
function wrongCodeOf(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => codeOf(secret, Date.now() + offset)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

describe('two-factor setup on the profile', () => {
  it('answers a QR code drawn as a PNG data URL and the base32 secret the legacy API now holds', async () => {
    const response = await start();
    expect(response.statusCode).toBe(200);
    const { qrCode, secret } = response.json() as { qrCode: string; secret: string };
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(secret).toBe(demoRecord().twoFactorSecret);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(qrCode.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Not on until a code is verified (spec §4).
    expect(demoRecord().twoFactorEnabled).toBe(false);
    expect((await profile()).json().twoFactorEnabled).toBe(false);
  });

  it("refuses a wrong code with 'Code not correct - please try again' and leaves two-factor off", async () => {
    const { secret } = (await start()).json() as { secret: string };
    const response = await verify(wrongCodeOf(secret));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'two_factor_code_incorrect', detail: 'Code not correct - please try again' });
    expect(demoRecord().twoFactorEnabled).toBe(false);
  });

  it("answers the legacy refusal of a code before any setup (another tab turned it off) with 400 and the spec's text", async () => {
    const fresh = await bff.signIn();
    demoRecord().twoFactorSecret = null;
    const response = await verify('492817', fresh);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'two_factor_code_incorrect', detail: 'Code not correct - please try again' });
    expect(demoRecord().twoFactorEnabled).toBe(false);
  });

  it('refuses a code that is not six digits as validation_failed', async () => {
    for (const code of ['12345', '1234567', 'abcdef']) expect((await verify(code)).json().code).toBe('validation_failed');
  });

  it('completes the setup with the code of the secret; sign-in then asks for the code; turning it off ends that', async () => {
    const { secret } = (await start()).json() as { secret: string };
    const verified = await verify(codeOf(secret));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ twoFactorEnabled: true });
    expect(demoRecord().twoFactorEnabled).toBe(true);
    expect((await profile()).json().twoFactorEnabled).toBe(true);

    expect((await signIn()).json()).toEqual({ outcome: 'twoFactorRequired' });
    const withCode = await signIn(codeOf(secret));
    expect(withCode.json().outcome).toBe('signedIn');
    session = withCode.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';

    const off = await disable();
    expect(off.statusCode).toBe(204);
    expect(demoRecord()).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect((await profile()).json().twoFactorEnabled).toBe(false);
    expect((await signIn()).json().outcome).toBe('signedIn');
  });

  it('limits the code check strictly per session (RATE_LIMIT_STRICT_MAX): then 429 rate_limited', async () => {
    const { secret } = (await start()).json() as { secret: string };
    const wrong = wrongCodeOf(secret);
    const codes: string[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) codes.push((await verify(wrong)).json().code);
    expect(codes).toContain('rate_limited');
    expect(codes.slice(0, codes.indexOf('rate_limited')).every((code) => code === 'two_factor_code_incorrect')).toBe(true);
    const limited = await verify(codeOf(secret));
    expect(limited.statusCode).toBe(429);
    expect(demoRecord().twoFactorEnabled).toBe(false);
  });

  it('is refused without the CSRF header and without a session', async () => {
    const noCsrf = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/profile/two-factor',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(noCsrf.json().code).toBe('csrf_required');
    const noSession = await injectChecked(bff.server, { method: 'DELETE', url: '/api/profile/two-factor', headers: CSRF });
    expect(noSession.json().code).toBe('session_ended');
  });
});
