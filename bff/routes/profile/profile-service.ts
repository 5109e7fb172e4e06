// The Profile screen (spec coach-shell §2.12, §3 "Coach", "Web profile", §5 "Profile save", §6, §8): the legacy
// coach record ↔ the contract's Profile, and 'Save Changes' with the spec's checks in the contract's order
// before the legacy form-data update, which always carries every field (the unchanged ones from the record).
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { isEmailAddress, isStrongPassword } from '../../domain/form-rules.ts';
import { profilePhotoUrl } from '../../domain/profile-photo.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { failed, ProblemError, problem, upstreamError } from '../../problem.ts';
import { ROLE_REFUSED_DETAIL } from '../../roles.ts';
import { legacyFailure } from '../../upstream/legacy-client.ts';

type Profile = Bff['schemas']['Profile'];
type ProfileUpdate = Bff['schemas']['ProfileUpdate'];
export type LegacyCoach = Legacy['schemas']['Coach'];
type LegacyProfileForm = Legacy['schemas']['CoachProfileUpdate'];

// spec coach-shell §5 "Profile save", §8 "Profile".
export const PROFILE_MESSAGES = {
  invalidEmail: 'Update failed - your email is invalid',
  // spec: none for the public e-mail of the web profile; the spec's sentence, about that address.
  invalidWebProfileEmail: 'Update failed - your web profile email is invalid',
  tooManyRecipients: 'You cannot specify so many email recipients',
  currentPasswordIncorrect: 'Update failed - your current password is incorrect',
  weakPassword: 'Update failed - password must be strong, please see guidelines above',
  passwordMismatch: "Update failed - the confirmed password doesn't match the new password",
  emojis: 'The update failed. Please remove all emojis - the system does not currently allow for saving emojis.',
  unexpected: 'The update failed unexpectedly.',
} as const;

/** spec coach-shell §5, §9: a new password has at least 8 characters (and meets the strength rule). */
export const PASSWORD_MIN_LENGTH = 8;
/** spec coach-shell §5, §9: the comma-joined extra recipients hold at most 300 characters. */
export const RECIPIENTS_MAX_LENGTH = 300;

/** spec coach-shell §6: the accreditation stamps by level. */
const STAMP_TITLES = ['Enneagram Practitioner', 'Maturity Practitioner', 'Teams Practitioner', 'Facilitation Practitioner'] as const;

export interface ProfileSettings {
  /** The portal's public origin (the first of ALLOWED_ORIGINS): the links the coach copies and the stamps. */
  portalOrigin: string;
}

/** The legacy coach record, read with the session's cookie. */
export async function readCoach(ctx: SessionContext): Promise<LegacyCoach> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: ctx.session.coachId } } });
  if (!data) throw upstreamError();
  return data;
}

/**
 * The stamps a coach may download (spec coach-shell §6): up to the coach's level, one lower when not yet
 * accredited to the current level; no level 1 stamp for a level 1 conversion.
 */
export function stampLevels(
  coach: Pick<LegacyCoach, 'accreditationLevel' | 'isAccreditedToCurrentLevel' | 'isL1Conversionista'>,
): number[] {
  const top = Math.min(4, coach.accreditationLevel - (coach.isAccreditedToCurrentLevel === false ? 1 : 0));
  const levels: number[] = [];
  for (let level = coach.isL1Conversionista ? 2 : 1; level <= top; level += 1) levels.push(level);
  return levels;
}

/** The comma-separated legacy list as entries (blank ones dropped). */
const recipientsOf = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

const text = (value: string | null | undefined): string => value ?? '';

export function toProfile(coach: LegacyCoach, { portalOrigin }: ProfileSettings): Profile {
  const uuid = encodeURIComponent(coach.uuid);
  return {
    uuid: coach.uuid,
    name: coach.name,
    surname: coach.surname,
    email: coach.email,
    businessName: text(coach.businessName),
    phoneNumber: text(coach.phoneNumber),
    postalAddress: text(coach.postalAddress),
    vatNumber: text(coach.vatNumber),
    companyRegNumber: text(coach.companyRegNumber),
    accreditationLevel: coach.accreditationLevel,
    twoFactorEnabled: coach.twoFactorEnabled,
    photoUrl: profilePhotoUrl(coach.profileImage),
    notifications: {
      singleAssessment: coach.sendSingleAssessmentNotifications,
      bulkAssessment: coach.sendBulkAssessmentNotifications,
      teamReport: coach.sendTeamNotifications,
      extraRecipients: recipientsOf(coach.extraNotificationRecipients),
    },
    webProfile: {
      enabled: coach.webProfileSync === 1,
      workOnline: coach.webProfileWorkOnline === 1,
      email: text(coach.webProfileEmail),
      phoneNumber: text(coach.webProfilePhoneNumber),
      country: text(coach.webProfileCountry),
      city: text(coach.webProfileCity),
      website: text(coach.webProfileWebSite),
      languages: text(coach.webProfileLanguages),
      scopeOfPractice: text(coach.webProfileScopeOfPractice),
      specialization: text(coach.webProfileSpecialization),
    },
    webResources: {
      stamps: stampLevels(coach).map((level) => ({
        level,
        title: STAMP_TITLES[level - 1] as (typeof STAMP_TITLES)[number],
        url: `${portalOrigin}/coachportal/stamps/level-${level}.png`,
      })),
      selfRegistrationUrl: `${portalOrigin}/coachportal/register/${uuid}`,
      miniAssessmentUrl: coach.enableMiniAssessment ? `${portalOrigin}/coachportal/mini/${uuid}` : null,
    },
  };
}

export async function getProfile(_input: OperationInput<'getProfile'>, ctx: SessionContext, settings: ProfileSettings): Promise<Profile> {
  return toProfile(await readCoach(ctx), settings);
}

/**
 * profile_update_failed: 'The update failed unexpectedly.' (spec §8); a 400 when the legacy API refused the save
 * (e.g. 'This email address is already in use.': the user's), else a 502.
 */
export const profileUpdateFailed = (response: { status: number } = { status: 502 }): ProblemError =>
  legacyFailure({ response }, 'profile_update_failed', PROFILE_MESSAGES.unexpected);

/** The legacy form of the whole profile: every field of the record, with the changes over it. */
export function profileForm(coach: LegacyCoach, changes: Partial<Record<keyof LegacyProfileForm, string | null>> = {}): FormData {
  const fields: Partial<Record<keyof LegacyProfileForm, string | null | undefined>> = {
    name: coach.name,
    surname: coach.surname,
    email: coach.email,
    businessName: coach.businessName,
    phoneNumber: coach.phoneNumber,
    postalAddress: coach.postalAddress,
    companyRegNumber: coach.companyRegNumber,
    vatNumber: coach.vatNumber,
    sendSingleAssessmentNotifications: String(coach.sendSingleAssessmentNotifications),
    sendBulkAssessmentNotifications: String(coach.sendBulkAssessmentNotifications),
    sendTeamNotifications: String(coach.sendTeamNotifications),
    extraNotificationRecipients: coach.extraNotificationRecipients,
    webProfileSync: coach.webProfileSync === undefined ? undefined : String(coach.webProfileSync),
    webProfileWorkOnline: coach.webProfileWorkOnline === undefined ? undefined : String(coach.webProfileWorkOnline),
    webProfileEmail: coach.webProfileEmail,
    webProfilePhoneNumber: coach.webProfilePhoneNumber,
    webProfileCountry: coach.webProfileCountry,
    webProfileCity: coach.webProfileCity,
    webProfileWebSite: coach.webProfileWebSite,
    webProfileLanguages: coach.webProfileLanguages,
    webProfileScopeOfPractice: coach.webProfileScopeOfPractice,
    webProfileSpecialization: coach.webProfileSpecialization,
    ...changes,
  };
  const form = new FormData();
  // A field the record leaves empty (null) is not sent: the legacy API keeps it as it is.
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') form.append(name, value);
  return form;
}

/**
 * The profile saves' one failure (spec §8 "The update failed unexpectedly."): a legacy API that failed or answered
 * something unusable on any of the save's calls; a timeout and an ended session stay what they are.
 */
export async function asProfileUpdate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'upstream_error') throw Object.assign(profileUpdateFailed(), { cause: error });
    throw error;
  }
}

/** Sends the legacy form-data update; the legacy answer's `emojis` flag refuses the whole update. */
export async function saveProfileForm(ctx: SessionContext, form: FormData): Promise<void> {
  const { data, response } = await ctx.legacy.POST('/api/v2/coaches/{coachId}', {
    params: { path: { coachId: ctx.session.coachId } },
    // The contract types the multipart fields as an object; the legacy client sends a FormData as multipart.
    body: form as unknown as LegacyProfileForm,
  });
  if (!data) {
    ctx.log.warn({ status: response.status }, 'the legacy profile update was refused');
    throw profileUpdateFailed(response);
  }
  if (data.emojis === true) throw failed(400, 'emojis_not_allowed', PROFILE_MESSAGES.emojis);
}

/** spec §5: one e-mail per entry, each valid; the coach's own address stripped; at most 300 characters joined. */
export function checkRecipients(entries: readonly string[], ownEmail: string): string[] {
  const recipients = entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
  const invalid = recipients.filter((entry) => !isEmailAddress(entry));
  if (invalid.length > 0) throw failed(400, 'invalid_recipient_emails', `Invalid emails: ${invalid.join(', ')}`);
  const own = ownEmail.trim().toLowerCase();
  const kept = recipients.filter((entry) => entry.toLowerCase() !== own);
  if (kept.join(',').length > RECIPIENTS_MAX_LENGTH) throw failed(400, 'too_many_recipients', PROFILE_MESSAGES.tooManyRecipients);
  return kept;
}

function checkNewPassword(password: NonNullable<ProfileUpdate['password']>): void {
  if (password.new.length < PASSWORD_MIN_LENGTH || !isStrongPassword(password.new))
    throw failed(400, 'weak_password', PROFILE_MESSAGES.weakPassword);
  if (password.confirm !== password.new) throw failed(400, 'password_mismatch', PROFILE_MESSAGES.passwordMismatch);
}

/** The current password, checked with the legacy API before anything is saved (spec §5). */
async function checkCurrentPassword(ctx: SessionContext, current: string): Promise<void> {
  const incorrect = () => failed(400, 'current_password_incorrect', PROFILE_MESSAGES.currentPasswordIncorrect);
  if (current === '') throw incorrect();
  const { data, response } = await ctx.legacy.POST('/api/v2/coaches/{coachId}/checkPassword', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { password: current },
  });
  if (!data) throw profileUpdateFailed(response);
  if (data.allowed !== true) throw incorrect();
}

/** The form's changes over the record, in the legacy field names. */
function changesOf(body: ProfileUpdate, recipients: string[] | undefined): Partial<Record<keyof LegacyProfileForm, string>> {
  const changes: Partial<Record<keyof LegacyProfileForm, string | undefined>> = {
    name: body.name,
    surname: body.surname,
    email: body.email?.trim(),
    businessName: body.businessName,
    phoneNumber: body.phoneNumber,
    postalAddress: body.postalAddress,
    vatNumber: body.vatNumber,
    companyRegNumber: body.companyRegNumber,
    password: body.password?.new,
    extraNotificationRecipients: recipients?.join(','),
  };
  const { notifications, webProfile } = body;
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
  const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? '1' : '0');
  Object.assign(changes, {
    sendSingleAssessmentNotifications: flag(notifications?.singleAssessment),
    sendBulkAssessmentNotifications: flag(notifications?.bulkAssessment),
    sendTeamNotifications: flag(notifications?.teamReport),
    webProfileSync: bit(webProfile?.enabled),
    webProfileWorkOnline: bit(webProfile?.workOnline),
    webProfileEmail: webProfile?.email?.trim(),
    webProfilePhoneNumber: webProfile?.phoneNumber,
    webProfileCountry: webProfile?.country,
    webProfileCity: webProfile?.city,
    webProfileWebSite: webProfile?.website,
    webProfileLanguages: webProfile?.languages,
    webProfileScopeOfPractice: webProfile?.scopeOfPractice,
    webProfileSpecialization: webProfile?.specialization,
  });
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/**
 * updateProfile (a field with emojis is the contract's refusal, spec coach-shell §8): in the contract's order the
 * e-mail, the extra recipients and the password rules; then the current password with the legacy API; then the
 * whole form; the answer is the profile read again.
 */
export async function updateProfile(
  { body }: OperationInput<'updateProfile'>,
  ctx: SessionContext,
  settings: ProfileSettings,
): Promise<Profile> {
  // spec §2.12, §6: an assistant sees only the Password section (the assistant's own password).
  if (ctx.session.flags.assisted && Object.keys(body).some((field) => field !== 'password'))
    throw problem(403, 'role_refused', ROLE_REFUSED_DETAIL);
  // `errors` names the field, for the form to say it there.
  const invalidEmail = (field: string, message: string) => failed(400, 'invalid_email', message, { errors: [{ field, message }] });
  if (body.email !== undefined && !isEmailAddress(body.email.trim())) throw invalidEmail('email', PROFILE_MESSAGES.invalidEmail);
  const webEmail = body.webProfile?.email?.trim();
  if (webEmail && !isEmailAddress(webEmail)) throw invalidEmail('webProfile.email', PROFILE_MESSAGES.invalidWebProfileEmail);
  return asProfileUpdate(async () => {
    const coach = await readCoach(ctx);
    const extra = body.notifications?.extraRecipients;
    const recipients = extra === undefined ? undefined : checkRecipients(extra, body.email?.trim() ?? coach.email);
    if (body.password) checkNewPassword(body.password);
    if (body.password) await checkCurrentPassword(ctx, body.password.current);
    await saveProfileForm(ctx, profileForm(coach, changesOf(body, recipients)));
    // The legacy API took the new password: whoever else holds a session of this account (an assistant's: the
    // assistant's own) is signed out on every instance, and this browser's cookie is replaced.
    if (body.password) await ctx.sessions.endOthers({ renew: true });
    return toProfile(await readCoach(ctx), settings);
  });
}
