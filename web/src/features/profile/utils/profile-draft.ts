// The Profile screen's form (spec coach-shell §2.12, §3 "Coach", "Web profile", §4 "Profile", §5): the values
// as edited, the loaded profile they are compared with (Save Changes only when they differ), and the update
// that carries only what changed.
import type { Profile } from '../api/get-profile.ts';
import type { ProfileUpdate } from '../api/update-profile.ts';

export interface DetailsDraft {
  name: string;
  surname: string;
  email: string;
  businessName: string;
  phoneNumber: string;
  postalAddress: string;
  vatNumber: string;
  companyRegNumber: string;
}

export interface NotificationsDraft {
  singleAssessment: boolean;
  bulkAssessment: boolean;
  teamReport: boolean;
  /** One e-mail per line (spec §5). */
  extraRecipients: string;
}

export type WebProfileDraft = Profile['webProfile'];

export interface PasswordDraft {
  current: string;
  new: string;
  confirm: string;
}

export interface ProfileDraft {
  details: DetailsDraft;
  notifications: NotificationsDraft;
  webProfile: WebProfileDraft;
  password: PasswordDraft;
  /** A new photo picked (already checked), sent with Save Changes. */
  photo: File | null;
}

export const NO_PASSWORD: PasswordDraft = { current: '', new: '', confirm: '' };

export function draftOf(profile: Profile): ProfileDraft {
  const { name, surname, email, businessName, phoneNumber, postalAddress, vatNumber, companyRegNumber } = profile;
  const { extraRecipients, ...flags } = profile.notifications;
  return {
    details: { name, surname, email, businessName, phoneNumber, postalAddress, vatNumber, companyRegNumber },
    notifications: { ...flags, extraRecipients: extraRecipients.join('\n') },
    webProfile: { ...profile.webProfile },
    password: NO_PASSWORD,
    photo: null,
  };
}

/** The lines of the recipients box that hold something. */
export const recipientLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The fields of `edited` that differ from `loaded`, or undefined when none does. */
function changed<T extends object>(edited: T, loaded: T): Partial<T> | undefined {
  const entries = Object.entries(edited).filter(([key, value]) => loaded[key as keyof T] !== value);
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<T>) : undefined;
}

export const hasPasswordChange = (password: PasswordDraft): boolean =>
  password.current !== '' || password.new !== '' || password.confirm !== '';

/** The update for Save Changes: only the changed fields (spec §4 "Save is enabled only when a field differs"); null when nothing changed. */
export function profileChanges(profile: Profile, draft: ProfileDraft): ProfileUpdate | null {
  const loaded = draftOf(profile);
  const update: ProfileUpdate = {};
  const details = changed(draft.details, loaded.details);
  if (details) Object.assign(update, details);
  const { extraRecipients, ...flags } = draft.notifications;
  const notifications: NonNullable<ProfileUpdate['notifications']> = { ...changed(flags, { ...loaded.notifications }) };
  const recipients = recipientLines(extraRecipients);
  if (recipients.join('\n') !== profile.notifications.extraRecipients.join('\n')) notifications.extraRecipients = recipients;
  if (Object.keys(notifications).length > 0) update.notifications = notifications;
  const webProfile = changed(draft.webProfile, loaded.webProfile);
  if (webProfile) update.webProfile = webProfile;
  if (hasPasswordChange(draft.password)) update.password = draft.password;
  return Object.keys(update).length > 0 ? update : null;
}

/** Something differs from the loaded profile: the floating Save Changes button shows. */
export const isDirty = (profile: Profile, draft: ProfileDraft): boolean => draft.photo !== null || profileChanges(profile, draft) !== null;

// spec coach-shell §5 "Profile photo", §9: at most 8 MB, jpg, jpeg or png.
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
const PHOTO_NAME = /\.(jpe?g|png)$/i;

export const PHOTO_MESSAGES = {
  tooLarge: 'Please ensure that your profile photo is less than 8MB.',
  typeNotAllowed: 'Only jpg/jpeg and png files are allowed!',
} as const;

/** The browser's check of a picked photo (the BFF checks its bytes again): the spec's message, or null. */
export function photoProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!PHOTO_NAME.test(file.name)) return PHOTO_MESSAGES.typeNotAllowed;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}
