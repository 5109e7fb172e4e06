// The coach profile: details, password, notifications, web profile and photo; the bulk credit order;
// the password check; two-factor setup (spec coach-shell §2.9, §2.12, §4, §5, §7).
import { checkBulkOrder, quoteBulkOrder } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { setUpTwoFactor, verifyCode } from '../domain/totp.ts';
import {
  checkProfilePassword,
  checkProfilePhoto,
  checkWebProfile,
  containsEmoji,
  INVALID_PROFILE_EMAIL,
  isValidEmail,
  parseExtraRecipients,
} from '../domain/validation.ts';
import type { CoachRecord } from '../state/model.ts';
import { assistantByEmail, coachByEmail, setCoachEmail } from '../state/store.ts';
import { requireOwnCoach } from './access.ts';
import { badRequest, type Ctx, FileAnswer, type Handlers } from './context.ts';

export const EMAIL_IN_USE = 'This email address is already in use.';
export const ORDER_ALREADY_PENDING = 'There is already a pending credit order. Please cancel it before placing a new one.';
export const NO_PENDING_ORDER = 'There is no pending credit order to cancel.';
export const NOT_A_PICTURE = 'Only jpg/jpeg and png files are allowed!';

const TEXT_FIELDS = [
  'name',
  'surname',
  'businessName',
  'phoneNumber',
  'postalAddress',
  'companyRegNumber',
  'vatNumber',
  'webProfileEmail',
  'webProfilePhoneNumber',
  'webProfileCountry',
  'webProfileCity',
  'webProfileWebSite',
  'webProfileLanguages',
  'webProfileScopeOfPractice',
  'webProfileSpecialization',
] as const;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The picture's real type from its first bytes, whatever its name says. */
function pictureType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.subarray(0, 4).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

function uploadedPhoto(ctx: Ctx<'updateCoachProfile'>): CoachRecord['profilePhoto'] {
  if (ctx.body.image === undefined) return null;
  const bytes = Buffer.from(ctx.body.image, 'latin1');
  const filename = ctx.uploads.get('image')?.filename ?? '';
  const problem = checkProfilePhoto({ filename, bytes: bytes.length });
  if (problem) throw badRequest(problem);
  const contentType = pictureType(bytes);
  if (!contentType) throw badRequest(NOT_A_PICTURE);
  return { contentType, data: bytes };
}

const emptyToNull = (value: string | undefined, current: string | null | undefined): string | null =>
  value === undefined ? (current ?? null) : value.trim() === '' ? null : value;

export const profileHandlers: Handlers = {
  updateCoachProfile: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { body, store, session } = ctx;
    // spec coach-shell §8: a field with emojis refuses the whole update.
    const texts = [...TEXT_FIELDS.map((field) => body[field]), body.email, body.extraNotificationRecipients, body.password];
    if (texts.some((text) => typeof text === 'string' && containsEmoji(text))) return { emojis: true };
    if (body.password !== undefined) {
      const problem = checkProfilePassword(body.password);
      if (problem) throw badRequest(problem);
    }
    // spec coach-shell §2.12: an assistant sees only the Password section, and it is the assistant's own.
    const assistant = session?.assistantUuid ? store.assistants.get(session.assistantUuid) : undefined;
    if (assistant) {
      if (body.password !== undefined) assistant.password = body.password;
      return { emojis: false };
    }
    if (!isValidEmail(body.email)) throw badRequest(INVALID_PROFILE_EMAIL);
    const owner = coachByEmail(store, body.email);
    if ((owner && owner.uuid !== coach.uuid) || assistantByEmail(store, body.email)) throw badRequest(EMAIL_IN_USE);
    const webProblem = checkWebProfile(Object.fromEntries(TEXT_FIELDS.map((field) => [field, body[field]])));
    if (webProblem) throw badRequest(webProblem);
    const recipients =
      body.extraNotificationRecipients === undefined ? null : parseExtraRecipients(body.extraNotificationRecipients, body.email);
    if (recipients && !recipients.ok) throw badRequest(recipients.info);
    const photo = uploadedPhoto(ctx);

    // Everything is valid: save it all at once.
    coach.name = body.name;
    coach.surname = body.surname;
    for (const field of TEXT_FIELDS) {
      if (field !== 'name' && field !== 'surname') coach[field] = emptyToNull(body[field], coach[field]);
    }
    if (body.email !== coach.email) setCoachEmail(store, coach, body.email);
    if (body.password !== undefined) coach.password = body.password;
    if (recipients?.ok) coach.extraNotificationRecipients = recipients.recipients.length > 0 ? recipients.recipients.join(',') : null;
    coach.sendSingleAssessmentNotifications = body.sendSingleAssessmentNotifications ?? coach.sendSingleAssessmentNotifications;
    coach.sendBulkAssessmentNotifications = body.sendBulkAssessmentNotifications ?? coach.sendBulkAssessmentNotifications;
    coach.sendTeamNotifications = body.sendTeamNotifications ?? coach.sendTeamNotifications;
    coach.webProfileSync = body.webProfileSync ?? coach.webProfileSync;
    coach.webProfileWorkOnline = body.webProfileWorkOnline ?? coach.webProfileWorkOnline;
    if (photo) coach.profilePhoto = photo;
    return { emojis: false };
  },

  getProfilePhoto: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    if (!coach.profilePhoto) throw badRequest('No profile photo has been uploaded.');
    return new FileAnswer(coach.profilePhoto.data, coach.profilePhoto.contentType);
  },

  updateCreditOrder: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { body, store, clock } = ctx;
    if ('cancelCreditOrder' in body) {
      if (coach.pendingCredits === 0) throw badRequest(NO_PENDING_ORDER);
      coach.pendingCredits = 0;
      return undefined;
    }
    // spec coach-shell §4 "Bulk credit order": one pending order at a time, at least 10 credits (§5, §9).
    if (coach.pendingCredits > 0) throw badRequest(ORDER_ALREADY_PENDING);
    const check = checkBulkOrder(body.pendingCredits);
    if (!check.ok) throw badRequest(check.info);
    coach.pendingCredits = body.pendingCredits;
    const quote = quoteBulkOrder(body.pendingCredits, coach.currency);
    const money = (amount: number) => `${coach.currency === 'ZAR' ? 'R' : '$'}${amount.toFixed(2)}`;
    // spec coach-shell §9: bulk orders are invoiced within 1 working day.
    store.outbox.push({
      to: coach.email,
      subject: `Your order of ${quote.credits} credits`,
      body:
        `<p>Thank you for your order of ${quote.credits} credits at ${money(quote.unitPrice)} each` +
        `${quote.discountPercent > 0 ? ` less a ${quote.discountPercent}% bulk discount` : ''}: ${money(quote.subtotal)}` +
        `${quote.vat > 0 ? ` plus VAT ${money(quote.vat)}` : ''}, total ${money(quote.total)}.</p>` +
        '<p>You will receive the invoice within 1 working day. The credits show in your balance once it is paid.</p>',
      sentAt: legacyDateTime(new Date(clock.now())),
    });
    return undefined;
  },

  checkPassword: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const assistant = ctx.session?.assistantUuid ? ctx.store.assistants.get(ctx.session.assistantUuid) : undefined;
    return { allowed: (assistant ?? coach).password === ctx.body.password };
  },

  setTwoFactor: async (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    // spec coach-shell §4 "Two-factor": the new secret counts only once a code from it is verified.
    coach.twoFactorEnabled = false;
    if (!ctx.body.twoFactorEnabled) {
      coach.twoFactorSecret = null;
      return {};
    }
    const setup = await setUpTwoFactor(coach.email);
    coach.twoFactorSecret = setup.secret;
    return { qrcode: setup.qrcode, secret: setup.secret };
  },

  verifyTwoFactor: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    if (!coach.twoFactorSecret) throw badRequest('Two-factor authentication has not been set up.');
    const success = verifyCode(coach.twoFactorSecret, ctx.body.token, new Date(ctx.clock.now()));
    if (success) coach.twoFactorEnabled = true;
    return { success };
  },
};
