// Sign-in, the session, logout, the impersonation check and password reset: legacy ↔ BFF mapping
// (spec public-and-guest §2, §4, §6, §8; openapi/bff paths api_session*, api_password_*).
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { isEmailAddress, isStrongPassword } from '../../domain/form-rules.ts';
import { profilePhotoUrl } from '../../domain/profile-photo.ts';
import type { OperationContext, OperationInput, SessionContext } from '../../operation.ts';
import { accepted, type HttpAnswer } from '../../operation.ts';
import { failed, isSessionEnded, problem, SESSION_ENDED_DETAIL } from '../../problem.ts';
import type { NewSession, SessionRecord } from '../../session/session-record.ts';
import { accountKey, sessionExpiresAt } from '../../session/session-record.ts';
import { type LegacyClient, legacyErrorInfo } from '../../upstream/legacy-client.ts';

type Session = Bff['schemas']['Session'];
type SignInResult = Bff['schemas']['SignInResult'];
type LegacyCoach = Legacy['schemas']['Coach'];
type SessionCoach = Legacy['schemas']['SessionCoach'];

export interface SessionSettings {
  idleTimeoutMs: number;
  supportEmail: string;
  portalVersion: string;
  /** ADMIN_COACHES_URL: where an impersonator's logout leads. */
  adminCoachesUrl: string;
}

// spec public-and-guest §8 "Login", "Forgot password", "Reset"; §5 "Password (reset)".
export const MESSAGES = {
  badCredentials: 'Please check if password and username are correct',
  wrongCode: 'Code incorrect - please try again.',
  blocked: (email: string) => `You have been blocked. Please contact ${email} to get access to your account again.`,
  resetLinkSent: 'A reset password link has been sent...',
  resetLinkNotSent: 'There was an error with sending. Please check if the email address is correct, or try again later.',
  passwordReset: 'Your password was successfully reset. You can now log into the coach portal.',
  weakPassword: 'Update failed - there is an issue with the new password - please check and fix.',
  passwordMismatch: "Passwords don't yet match",
  unexpected: 'There was an unexpected error',
} as const;

/** The legacy cookie the admin application sets for the parent domain (legacy contract, `legacySession`). */
export const LEGACY_SESSION_COOKIE = 'portal_session';

/** The `name=value` pairs of the legacy Set-Cookie headers, as one Cookie header for later calls. */
export function legacyCookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0]?.trim() ?? '')
    .filter((pair) => pair.includes('='))
    .join('; ');
}

/** The BFF's Session from the legacy coach and the session record (also the benchmark's Fastify floor's answer). */
export function toSession(coach: LegacyCoach, record: SessionRecord, settings: SessionSettings): Session {
  const { flags } = record;
  return {
    coach: {
      uuid: coach.uuid,
      name: coach.name,
      surname: coach.surname,
      email: coach.email,
      accreditationLevel: coach.accreditationLevel,
      tokenBalance: coach.tokenBalance,
      pendingCredits: coach.pendingCredits,
      isAdmin: coach.isAdmin,
      isAssistant: coach.isAssistant,
      enableMiniAssessment: coach.enableMiniAssessment,
      onlyMiniAssessment: coach.onlyMiniAssessment,
      countOfGivenSCOs: coach.countOfGivenSCOs,
      countOfReceivedSCOs: coach.countOfReceivedSCOs,
      newMessages: coach.newMessages > 0,
      sendSingleAssessmentNotifications: coach.sendSingleAssessmentNotifications,
      sendBulkAssessmentNotifications: coach.sendBulkAssessmentNotifications,
      twoFactorEnabled: coach.twoFactorEnabled,
      photoUrl: profilePhotoUrl(coach.profileImage),
    },
    roles: {
      impersonator: flags.impersonator,
      assisted: flags.assisted,
      assistant:
        flags.assisted && flags.assistantName && flags.assistantEmail ? { name: flags.assistantName, email: flags.assistantEmail } : null,
    },
    expiresAt: new Date(sessionExpiresAt(record, settings.idleTimeoutMs)).toISOString(),
    absoluteExpiresAt: new Date(record.absoluteExpiresAt).toISOString(),
    idleTimeoutSeconds: Math.round(settings.idleTimeoutMs / 1000),
    portalVersion: settings.portalVersion,
    supportEmail: settings.supportEmail,
  };
}

async function readCoach(legacy: LegacyClient, coachId: string): Promise<LegacyCoach> {
  const { data } = await legacy.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId } } });
  if (!data) throw failed(502, 'upstream_error', MESSAGES.unexpected);
  return data;
}

function flagsOf(coach: SessionCoach, impersonator: boolean): NewSession['flags'] {
  const assisted = coach.isBeingAssisted === true;
  const level = coach.accreditationLevel;
  return {
    impersonator: impersonator && !assisted,
    assisted,
    ...(assisted && coach.assistant?.name && { assistantName: coach.assistant.name }),
    ...(assisted && coach.assistant?.email && { assistantEmail: coach.assistant.email }),
    // 0 (not yet accredited) to 4; anything else is stored as absent, and the legacy API judges what it allows.
    ...(Number.isInteger(level) && level >= 0 && level <= 4 && { accreditationLevel: level }),
  };
}

/**
 * Reads the full coach with the new legacy session, then starts the portal session (a new id) in its account's index:
 * the e-mail address that signed in, else (an impersonation or an assist the admin tool began) the assistant's, else
 * the coach's — whose password change or reset ends it, and whose Profile lists it.
 */
async function startPortalSession(
  ctx: OperationContext,
  legacyCookie: string,
  coach: SessionCoach,
  { impersonator, signedInAs }: { impersonator: boolean; signedInAs?: string },
  settings: SessionSettings,
): Promise<Session> {
  const full = await readCoach(ctx.legacyWithCookie(legacyCookie), coach.uuid);
  // The login answer does not say whether the coach is limited to minis (the roles need it): the full coach does.
  const flags = { ...flagsOf(coach, impersonator), ...(full.onlyMiniAssessment && { onlyMiniAssessment: true }) };
  const account = accountKey(signedInAs ?? (flags.assisted ? flags.assistantEmail : undefined) ?? full.email);
  const record = await ctx.startSession({ legacyCookie, coachId: coach.uuid, flags, account });
  return toSession(full, record, settings);
}

/** The login page shows one message for every malformed form (contract: createSession 400). */
export const malformedSignIn = () => failed(400, 'validation_failed', MESSAGES.badCredentials);

export async function signIn(
  { body }: OperationInput<'createSession'>,
  ctx: OperationContext,
  settings: SessionSettings,
): Promise<SignInResult> {
  // What is not an e-mail address is no coach's: refused with the login page's message, not sent (the legacy API's
  // own refusal of it would be a schema's words).
  if (!isEmailAddress(body.email.trim())) throw malformedSignIn();
  const { data, error, response } = await ctx.publicLegacy.POST('/api/v2/login', {
    // Trimmed as the rate limit counts it: a stray space typed after the address must not fail a correct sign-in.
    body: { email: body.email.trim(), password: body.password, ...(body.twoFactorCode && { twoFactorToken: body.twoFactorCode }) },
  });
  if (!data) throw failed(401, 'login_refused', legacyErrorInfo(error) ?? MESSAGES.badCredentials);
  if (data.allowed && data.coach) {
    const cookie = legacyCookieOf(response);
    if (!cookie)
      throw Object.assign(failed(502, 'upstream_error', MESSAGES.unexpected), { cause: 'login allowed without a session cookie' });
    return {
      outcome: 'signedIn',
      session: await startPortalSession(ctx, cookie, data.coach, { impersonator: false, signedInAs: body.email }, settings),
    };
  }
  if (data.isBlocked) throw failed(403, 'coach_blocked', MESSAGES.blocked(settings.supportEmail));
  if (data.wrongTFA) throw failed(401, 'wrong_two_factor_code', MESSAGES.wrongCode);
  if (data.needTFA) return { outcome: 'twoFactorRequired' };
  // "Any message the server sends is shown as an alert" (spec public-and-guest §8).
  if (data.message && data.message !== MESSAGES.badCredentials) throw failed(401, 'login_refused', data.message);
  throw failed(401, 'invalid_credentials', MESSAGES.badCredentials);
}

/** The session with a freshly read coach (balance, flags and counts change while the coach works). */
export async function currentSession(
  _input: OperationInput<'getSession' | 'extendSession'>,
  ctx: SessionContext,
  settings: SessionSettings,
): Promise<Session> {
  return toSession(await readCoach(ctx.legacy, ctx.session.coachId), ctx.session, settings);
}

export async function signOut(
  _input: OperationInput<'deleteSession'>,
  ctx: SessionContext,
  { adminCoachesUrl }: Pick<SessionSettings, 'adminCoachesUrl'>,
): Promise<{ redirectTo: string }> {
  const impersonator = ctx.session.flags.impersonator;
  // A failed legacy logout is logged, not answered: the portal session ends regardless.
  await ctx.legacy.GET('/api/v2/logout').catch((err: unknown) => ctx.log.warn({ err }, 'legacy logout failed'));
  await ctx.endSession();
  return { redirectTo: impersonator ? adminCoachesUrl : '/coachportal/login' };
}

/** The raw value of the admin application's legacy cookie (kept encoded, exactly as the legacy API set it). */
function legacySessionCookie(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === LEGACY_SESSION_COOKIE && value.length > 0) return `${LEGACY_SESSION_COOKIE}=${value.join('=')}`;
  }
  return undefined;
}

export async function startImpersonation(
  _input: OperationInput<'startImpersonatedSession'>,
  ctx: OperationContext,
  settings: SessionSettings,
): Promise<Session> {
  const notAllowed = () => problem(401, 'session_not_allowed', SESSION_ENDED_DETAIL);
  const cookie = legacySessionCookie(ctx.headers.cookie);
  if (!cookie) throw notAllowed();
  try {
    const { data } = await ctx.legacyWithCookie(cookie).GET('/api/v2/checkForValidSession');
    if (!data?.allowed || !data.coach) throw notAllowed();
    return await startPortalSession(ctx, cookie, data.coach, { impersonator: true }, settings);
  } catch (error) {
    // A 403 from the check means the admin's legacy session is not valid.
    if (isSessionEnded(error)) throw notAllowed();
    throw error;
  }
}

export async function requestPasswordReset(
  { body }: OperationInput<'requestPasswordReset'>,
  ctx: OperationContext,
): Promise<HttpAnswer<{ message: typeof MESSAGES.resetLinkSent }>> {
  const email = body.email.trim();
  if (!isEmailAddress(email)) throw failed(400, 'reset_link_not_sent', MESSAGES.resetLinkNotSent);
  const { response } = await ctx.publicLegacy.POST('/api/v2/forgotpassword', { body: { email } });
  if (response.status !== 200) throw failed(400, 'reset_link_not_sent', MESSAGES.resetLinkNotSent);
  return accepted({ message: MESSAGES.resetLinkSent });
}

/** A newPassword the contract refuses (shorter than 10) is weak, not validation_failed (contract: resetPassword). */
export const weakPassword = () => failed(400, 'weak_password', MESSAGES.weakPassword);

export async function resetPassword(
  { body }: OperationInput<'resetPassword'>,
  ctx: OperationContext,
): Promise<{ message: typeof MESSAGES.passwordReset }> {
  if (!isStrongPassword(body.newPassword)) throw weakPassword();
  if (body.confirmPassword !== body.newPassword) throw failed(400, 'password_mismatch', MESSAGES.passwordMismatch);
  const { data, error } = await ctx.publicLegacy.POST('/api/v2/resetpassword', {
    body: { resetcode: body.code, newpassword: body.newPassword },
  });
  if (!data?.success) throw failed(400, 'reset_failed', legacyErrorInfo(error) ?? MESSAGES.unexpected);
  if (body.email !== undefined) await endSessionsAfterReset(body.email, body.newPassword, ctx);
  return { message: MESSAGES.passwordReset };
}

/**
 * The "my account was taken" path: a reset ends every portal session of the account, on every instance. The legacy
 * answer does not name the account and the BFF never sees the code's e-mail, so the page sends the address; it is
 * believed only once it signs in with the new password (allowed, or asking for the two-factor code: the password
 * was right), so that a code of one's own cannot sign anyone else out. The password is reset whatever happens here.
 */
async function endSessionsAfterReset(email: string, newPassword: string, ctx: OperationContext): Promise<void> {
  const address = email.trim();
  if (!isEmailAddress(address)) return;
  try {
    const { data, response } = await ctx.publicLegacy.POST('/api/v2/login', { body: { email: address, password: newPassword } });
    const cookie = data?.allowed ? legacyCookieOf(response) : '';
    // The check's own legacy session is of no use: it ends at once.
    if (cookie) await ctx.legacyWithCookie(cookie).GET('/api/v2/logout');
    if (!data?.allowed && !(data?.needTFA && !data.wrongTFA)) {
      ctx.log.info('password reset: the e-mail address given does not sign in with the new password; no session ended');
      return;
    }
    const ended = await ctx.sessions.endAll(accountKey(address));
    ctx.log.info({ ended }, 'password reset: the sessions of the account ended');
  } catch (err) {
    ctx.log.error({ err }, 'password reset: the sessions of the account could not be ended');
  }
}
