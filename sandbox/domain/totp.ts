import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

// spec coach-shell §4 "Two-factor": enabling shows a QR code and the secret; a verified code completes setup.
export const TOTP_ISSUER = 'Coach Portal (sandbox)';
const PERIOD_SECONDS = 30;

export type TwoFactorSetup = { secret: string; otpauthUri: string; qrcode: string };

/** A real base32 secret, its otpauth:// URI and a PNG data URL of the QR code an authenticator app scans. */
export async function setUpTwoFactor(accountEmail: string): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: accountEmail, secret, period: PERIOD_SECONDS });
  const qrcode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUri, qrcode };
}

const secondsOf = (at: Date): number => Math.floor(at.getTime() / 1000);

/** The code an authenticator app shows at `at` (tests and the seed's second coach use it). */
export function currentCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, epoch: secondsOf(at), period: PERIOD_SECONDS });
}

/** Accepts the code of the current 30-second step or of one step either side (clock drift). */
export function verifyCode(secret: string, token: string, at: Date = new Date()): boolean {
  const code = token.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return false;
  return verifySync({ secret, token: code, epoch: secondsOf(at), period: PERIOD_SECONDS, epochTolerance: PERIOD_SECONDS }).valid;
}

export const WRONG_SETUP_CODE = 'Code not correct - please try again';
