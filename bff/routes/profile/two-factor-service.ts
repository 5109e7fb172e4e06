// Two-factor sign-in on the profile (spec coach-shell §3 "Two-factor setup", §4 "Two-factor", §5): turning it on
// answers the QR code and the secret, a verified code completes the setup, turning it off is one call.
// The QR code is drawn here from the secret (the `qrcode` package): never fetched from anywhere, and never a
// picture the legacy API chose to point at.
import QRCode from 'qrcode';
import type { components as Bff } from '../../../generated/bff.ts';
import { noContent, type OperationHandler, type SessionContext } from '../../operation.ts';
import { failed, upstreamError } from '../../problem.ts';
import { isLegacyRefusal, legacyFailure } from '../../upstream/legacy-client.ts';
import { readCoach } from './profile-service.ts';

type TwoFactorSetup = Bff['schemas']['TwoFactorSetup'];

export const TWO_FACTOR_CODE_INCORRECT = 'Code not correct - please try again';
/** The name the authenticator app lists the account under, with the coach's e-mail. */
export const TWO_FACTOR_ISSUER = 'Coach Portal';
/** RFC 4648 base32, the only secret form authenticator apps read (TOTP defaults: SHA-1, 6 digits, 30 s). */
const BASE32_SECRET = /^[A-Z2-7]{16,128}=*$/;

/** The otpauth:// key URI an authenticator app scans (Key Uri Format: issuer in the label and as a parameter). */
export function otpauthUri(secret: string, account: string): string {
  const label = `${encodeURIComponent(TWO_FACTOR_ISSUER)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(TWO_FACTOR_ISSUER)}`;
}

async function setTwoFactor(ctx: SessionContext, twoFactorEnabled: boolean) {
  return ctx.legacy.POST('/api/v2/coaches/setTwoFactor/{coachId}', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { twoFactorEnabled },
  });
}

/** startTwoFactorSetup: a new secret from the legacy API (the old one stops counting until a code is verified). */
export const startTwoFactorSetup: OperationHandler<'startTwoFactorSetup'> = async (_input, ctx) => {
  const coach = await readCoach(ctx);
  const { data } = await setTwoFactor(ctx, true);
  const secret = typeof data?.secret === 'string' ? data.secret.replace(/\s+/g, '').toUpperCase() : '';
  if (!BASE32_SECRET.test(secret)) {
    ctx.log.error('setTwoFactor answered no usable secret');
    throw upstreamError();
  }
  const qrCode = await QRCode.toDataURL(otpauthUri(secret, coach.email), { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { qrCode, secret } satisfies TwoFactorSetup;
};

/**
 * verifyTwoFactor: the legacy API's `success` false is the spec's text, and so is its refusal (a 400 'Two-factor
 * authentication has not been set up.' when another tab turned it off): the user's 400, never a 5xx.
 */
export const verifyTwoFactor: OperationHandler<'verifyTwoFactor'> = async ({ body }, ctx) => {
  const { data, response } = await ctx.legacy.POST('/api/v2/coaches/verifyTwoFactor/{coachId}', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { token: body.code },
  });
  if (!data && !isLegacyRefusal(response)) throw upstreamError();
  if (data?.success !== true) throw failed(400, 'two_factor_code_incorrect', TWO_FACTOR_CODE_INCORRECT);
  return { twoFactorEnabled: true as const };
};

/** disableTwoFactor: a legacy refusal is 400 `upstream_rejected` with its `error.info`. */
export const disableTwoFactor: OperationHandler<'disableTwoFactor'> = async (_input, ctx) => {
  const answer = await setTwoFactor(ctx, false);
  if (!answer.response.ok) throw isLegacyRefusal(answer.response) ? legacyFailure(answer, 'upstream_rejected') : upstreamError();
  return noContent();
};
