// Sign-in, sign-out, the session check, the coach record and password reset (spec public-and-guest §2, §4, §6, §7).
import { randomBytes } from 'node:crypto';
import { assistantByEmail, coachByEmail } from '../state/store.ts';
import { coachView, sessionCoachView } from '../state/views.ts';
import { requireOwnCoach } from './access.ts';
import { badRequest, type Handlers } from './context.ts';
import { clearSessionCookies, createSession, setSessionCookies } from './session-cookies.ts';
import { verifyTwoFactorCode } from './two-factor.ts';

export const BAD_CREDENTIALS = 'Please check if password and username are correct';
export const blockedMessage = (email: string) => `You have been blocked. Please contact ${email} to get access to your account again.`;
const RESET_CODE_MINUTES = 60;

export const sessionHandlers: Handlers = {
  login: async ({ body, store, clock, config, reply }) => {
    const coach = coachByEmail(store, body.email);
    const assistant = coach ? undefined : assistantByEmail(store, body.email);
    const owner = coach ?? (assistant ? store.coaches.get(assistant.coachUuid) : undefined);
    const password = coach?.password ?? assistant?.password;
    const refused = { allowed: false, needTFA: false, wrongTFA: false, isBlocked: false };
    if (!owner || password !== body.password) return { ...refused, message: BAD_CREDENTIALS };
    if ((coach ?? assistant)?.isBlocked) return { ...refused, isBlocked: true, message: blockedMessage(config.supportEmail) };
    // spec public-and-guest §4 "Login": a coach with two-factor on signs in again with the authenticator code.
    if (coach?.twoFactorEnabled && coach.twoFactorSecret) {
      if (!body.twoFactorToken) return { ...refused, needTFA: true };
      if (!(await verifyTwoFactorCode(coach.twoFactorSecret, body.twoFactorToken, clock.now()))) {
        return { ...refused, needTFA: true, wrongTFA: true };
      }
    }
    const session = createSession(store, config, clock.now(), {
      coachUuid: owner.uuid,
      assistantUuid: assistant?.uuid ?? null,
      impersonatorUuid: null,
    });
    setSessionCookies(reply, session, config);
    return { allowed: true, needTFA: false, wrongTFA: false, isBlocked: false, coach: sessionCoachView(store, session) };
  },

  logout: ({ session, store, reply }) => {
    if (session) store.sessions.delete(session.id);
    clearSessionCookies(reply);
    return undefined;
  },

  // spec public-and-guest §2 "Session check", §6: the page starts an impersonation or assist session that the
  // admin tool began (POST /__sandbox/impersonate in the sandbox); a coach's own sign-in is not one.
  checkValidSession: ({ session, store }) =>
    session && (session.impersonatorUuid !== null || session.assistantUuid !== null)
      ? { allowed: true, coach: sessionCoachView(store, session) }
      : { allowed: false },

  getCoach: (ctx) => coachView(ctx.store, requireOwnCoach(ctx, ctx.params.coachId), ctx.config.publicUrl),

  requestPasswordReset: ({ body, store, clock, config }) => {
    // Assistants have their own login (spec coach-shell §2.12), so they reset their own password too.
    const account = coachByEmail(store, body.email) ?? assistantByEmail(store, body.email);
    // spec public-and-guest §8: any answer but 200 reads as 'There was an error with sending...'.
    if (!account) throw badRequest('There is no coach with that e-mail address.');
    const code = randomBytes(10).toString('hex');
    store.resetCodes.set(code, { code, email: account.email, expiresAt: clock.now() + RESET_CODE_MINUTES * 60_000 });
    store.outbox.push({
      to: account.email,
      subject: 'Reset your coach portal password',
      body: `${config.publicUrl}/coachportal/resetpassword?code=${code}`,
      sentAt: new Date(clock.now()).toISOString(),
    });
    return undefined;
  },

  resetPassword: ({ body, store, clock }) => {
    const reset = store.resetCodes.get(body.resetcode);
    if (!reset || reset.expiresAt <= clock.now()) throw badRequest('The reset link is invalid or has expired.');
    if (!isAcceptablePassword(body.newpassword)) {
      throw badRequest('Update failed - there is an issue with the new password - please check and fix.');
    }
    // The code of a coach or of an assistant (a new assistant's set-password link is one too).
    const account = coachByEmail(store, reset.email) ?? assistantByEmail(store, reset.email);
    if (!account) throw badRequest('The reset link is invalid or has expired.');
    account.password = body.newpassword;
    store.resetCodes.delete(reset.code);
    return { success: true };
  },
};

/** spec public-and-guest §5: at least 10 characters meeting strength requirements, or a passphrase of 20 or more. */
export function isAcceptablePassword(password: string): boolean {
  if (password.length >= 20) return true;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  return password.length >= 10 && classes >= 3;
}
