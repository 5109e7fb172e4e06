// The login's authenticator-code check, on the TOTP rules of sandbox/domain.
import { verifyCode } from '../domain/totp.ts';

export async function verifyTwoFactorCode(secret: string, code: string, now: number): Promise<boolean> {
  return verifyCode(secret, code, new Date(now));
}
