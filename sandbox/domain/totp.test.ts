import { describe, expect, it } from 'vitest';
import { currentCode, setUpTwoFactor, TOTP_ISSUER, verifyCode } from './totp.ts';

const at = new Date('2025-11-21T10:00:15Z');

describe('setUpTwoFactor', () => {
  it('creates a base32 secret, an otpauth URI and a PNG QR code', async () => {
    const setup = await setUpTwoFactor('demo@coachportal.test');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${TOTP_ISSUER}:demo@coachportal.test`);
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(setup.qrcode.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(setup.qrcode.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('gives a new secret each time', async () => {
    const [a, b] = await Promise.all([setUpTwoFactor('a@x.test'), setUpTwoFactor('a@x.test')]);
    expect(a.secret).not.toBe(b.secret);
  });
});

describe('verifyCode', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('matches the RFC 6238 value for a known secret and time', () => {
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 (8 digits); the 6-digit code is its last six.
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(currentCode(rfcSecret, new Date(59_000))).toBe('287082');
  });

  it('accepts the current code', () => {
    expect(verifyCode(secret, currentCode(secret, at), at)).toBe(true);
  });

  it('accepts a code one step either side and refuses two steps away', () => {
    const earlier = new Date(at.getTime() - 30_000);
    const later = new Date(at.getTime() + 30_000);
    expect(verifyCode(secret, currentCode(secret, earlier), at)).toBe(true);
    expect(verifyCode(secret, currentCode(secret, later), at)).toBe(true);
    expect(verifyCode(secret, currentCode(secret, new Date(at.getTime() - 90_000)), at)).toBe(false);
  });

  it('tolerates spaces and refuses malformed codes', () => {
    const code = currentCode(secret, at);
    expect(verifyCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(true);
    expect(verifyCode(secret, '12345', at)).toBe(false);
    expect(verifyCode(secret, 'abcdef', at)).toBe(false);
  });

  it('refuses a code from another secret', () => {
    const other = 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF';
    expect(currentCode(other, at)).not.toBe(currentCode(secret, at));
    expect(verifyCode(secret, currentCode(other, at), at)).toBe(false);
  });
});
