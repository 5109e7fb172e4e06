import { addWeekdays, legacyDate, parseLegacyDate } from './dates.ts';
import { CENTRE_OF } from './enneagram.ts';

// Each check answers null when valid, else the text the legacy API puts in error.info (spec wording where the spec has one).
export type Problem = string | null;

/** spec public-and-guest §5: something, at-sign, something, dot, something. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());

// spec assessments-and-clients §5 "Field limits", coach-shell §5, §9, public-and-guest §5.
export const LIMITS = {
  otherData: 250,
  memberComments: 250,
  teamField: 250,
  scoEmail: 45,
  assistantField: 45,
  webProfileField: 254,
  webProfilePhone: 54,
  webProfileLongText: 1000,
  extraRecipients: 300,
  profilePhotoBytes: 8 * 1024 * 1024,
  policyExtraField: 800,
  policyTypedName: 800,
  policyTypedDate: 100,
} as const;

const blank = (value: string | null | undefined): boolean => value === undefined || value === null || value.trim() === '';

/** spec assessments-and-clients §5 "Add client and assessment". */
export function checkNewClient(client: {
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  otherData?: string | null;
}): Problem {
  if (blank(client.name) || blank(client.surname) || blank(client.email))
    return 'Please fill in all the client details (name, surname, and email).';
  if (!isValidEmail(client.email ?? '')) return 'Please provide a valid email address.';
  return checkOtherData(client.otherData);
}

export function checkOtherData(otherData: string | null | undefined): Problem {
  return (otherData ?? '').length > LIMITS.otherData ? `Other data may be at most ${LIMITS.otherData} characters.` : null;
}

export const DUPLICATE_CLIENT = 'You have already added this client. Please add an assessment to the existing client.';

/** spec assessments-and-clients §5: same e-mail, case-insensitive, among the coach's own (not received) clients. */
export function isDuplicateClient(email: string, ownClientEmails: readonly string[]): boolean {
  const wanted = email.trim().toLowerCase();
  return ownClientEmails.some((existing) => existing.trim().toLowerCase() === wanted);
}

export const INSTINCT_TIE = 'The instinct scores must be different from each other; there cannot be a tie.';

export type InstinctScores = { scoreSP: number; scoreSO: number; scoreSX: number };

/** spec assessments-and-clients §5 "Import results". */
export function checkInstinctScores(scores: InstinctScores): Problem {
  const { scoreSP, scoreSO, scoreSX } = scores;
  return scoreSP === scoreSO || scoreSO === scoreSX || scoreSP === scoreSX ? INSTINCT_TIE : null;
}

/** The dominant instinct: the highest of the three (distinct) scores. */
export function dominantInstinct(scores: InstinctScores): 'SP' | 'SO' | 'SX' {
  const { scoreSP, scoreSO, scoreSX } = scores;
  if (scoreSP > scoreSO && scoreSP > scoreSX) return 'SP';
  return scoreSO > scoreSX ? 'SO' : 'SX';
}

export type EnneaRanking = {
  ranking: number[];
  userEnnea: number;
  /** The first three in ranking order. */
  orderedTriType: string;
  /** The same three types in ascending order (as the contract's examples show: 837 → 378). */
  userTriType: string;
};

export type RankingResult = { ok: true; value: EnneaRanking } | { ok: false; info: string };

/** spec assessments-and-clients §3.6: nine comma-separated numbers, the first three being the ordered trifix. */
export function parseEnneaRanking(csv: string): RankingResult {
  const parts = csv.split(',').map((part) => part.trim());
  const ranking = parts.map(Number);
  const isPermutation = parts.length === 9 && parts.every((part) => /^[1-9]$/.test(part)) && new Set(ranking).size === 9;
  if (!isPermutation) return { ok: false, info: 'The ranking must list the nine Enneagram types once each, separated by commas.' };
  const trifix = ranking.slice(0, 3);
  if (new Set(trifix.map((type) => CENTRE_OF[type])).size !== 3) {
    return {
      ok: false,
      info: 'The first three types of the ranking (the trifix) must come from the gut, heart and head centres, one each.',
    };
  }
  return {
    ok: true,
    value: {
      ranking,
      userEnnea: trifix[0] as number,
      orderedTriType: trifix.join(''),
      userTriType: [...trifix].sort((a, b) => a - b).join(''),
    },
  };
}

/** spec assessments-and-clients §5 "Import results": client details (new client only), ranking, instincts, free text. */
export function checkImportResults(
  input: {
    newClient?: { name?: string | null; surname?: string | null; email?: string | null };
    enneaRankingCSV: string;
    otherData?: string | null;
  } & InstinctScores,
): Problem {
  if (input.newClient) {
    const problem = checkNewClient(input.newClient);
    if (problem) return problem;
  }
  const ranking = parseEnneaRanking(input.enneaRankingCSV);
  if (!ranking.ok) return ranking.info;
  return checkInstinctScores(input) ?? checkOtherData(input.otherData);
}

/** spec coach-shell §5 "Add team". */
export function checkTeamInput(team: { name?: string | null; description?: string | null; coach?: string | null }): Problem {
  if (blank(team.name) || blank(team.coach)) return 'Please enter a team name and a project name.';
  const tooLong = [team.name, team.description, team.coach].some((field) => (field ?? '').length > LIMITS.teamField);
  return tooLong ? `Team name, description and project may be at most ${LIMITS.teamField} characters each.` : null;
}

export function checkMemberComments(comments: string): Problem {
  return comments.length > LIMITS.memberComments ? `Member comments may be at most ${LIMITS.memberComments} characters.` : null;
}

/** spec assessments-and-clients §5 "SCO", coach-shell §5. */
export function checkScoEmail(email: string): Problem {
  return email.length > LIMITS.scoEmail || !isValidEmail(email) ? 'Please enter a valid email address.' : null;
}

/** spec coach-shell §5 "Assistant add/edit". */
export function checkAssistant(assistant: { name?: string | null; surname?: string | null; email?: string | null }): Problem {
  if (blank(assistant.name) || blank(assistant.surname) || blank(assistant.email))
    return 'Please fill in all fields: name, surname, and email.';
  if (!isValidEmail(assistant.email ?? '')) return 'Please enter a valid email address.';
  const tooLong = [assistant.name, assistant.surname, assistant.email].some((field) => (field ?? '').length > LIMITS.assistantField);
  return tooLong ? `Name, surname and email may be at most ${LIMITS.assistantField} characters each.` : null;
}

/** spec public-and-guest §5 "Self-register". */
export function checkSelfRegistration(input: {
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  assessmentType?: string | null;
}): Problem {
  if (blank(input.name) || blank(input.surname) || blank(input.email) || blank(input.assessmentType)) return 'Please provide all details.';
  return isValidEmail(input.email ?? '') ? null : 'Please provide a valid email address.';
}

export const INVALID_SELF_REGISTER_LINK = 'Invalid link. Please use the link exactly as provided to you by your coach';
export const isCoachUuidShaped = (value: string): boolean => value.length === 36;

// spec coach-shell §5 "Team report request".
export const TEAM_DUE_DATE_TOO_EARLY = 'Your due date cannot be today or any day before today';
const LATEST_DUE_DATE = '2999-12-31';

export function checkTeamReportDueDate(dueDate: string, today: Date): Problem {
  const date = parseLegacyDate(dueDate);
  if (!date) return 'Please specify a due date.';
  if (dueDate <= legacyDate(today)) return TEAM_DUE_DATE_TOO_EARLY;
  return dueDate > LATEST_DUE_DATE ? `The due date cannot be after ${LATEST_DUE_DATE}.` : null;
}

/** spec assessments-and-clients §5 "Pairs": required, at least 2 weekdays from today. */
export function earliestPairDueDate(today: Date): string {
  return legacyDate(addWeekdays(today, 2));
}

export function checkPairDueDate(dueDate: string | null | undefined, today: Date): Problem {
  if (blank(dueDate) || !parseLegacyDate(dueDate ?? '')) return 'Please specify a due date.';
  const earliest = earliestPairDueDate(today);
  return (dueDate ?? '') < earliest ? `The due date must be at least 2 weekdays from today (${earliest} or later).` : null;
}

// Passwords.
export const PROFILE_PASSWORD_MIN = 8;
export const WEAK_PROFILE_PASSWORD = 'Update failed - password must be strong, please see guidelines above';
export const PASSWORD_MISMATCH = "Update failed - the confirmed password doesn't match the new password";
export const WRONG_CURRENT_PASSWORD = 'Update failed - your current password is incorrect';
export const BAD_RESET_PASSWORD = 'Update failed - there is an issue with the new password - please check and fix.';

/** spec coach-shell §5, §9: minimum length 8. */
export function checkProfilePassword(password: string): Problem {
  return password.length < PROFILE_PASSWORD_MIN ? WEAK_PROFILE_PASSWORD : null;
}

const characterClasses = (password: string): number =>
  [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;

/**
 * spec public-and-guest §5, §9: at least 10 characters meeting strength requirements, or a passphrase of 20 or more.
 * The requirements are not shown; we take three of lower case, upper case, digit and symbol.
 */
export function isStrongResetPassword(password: string): boolean {
  if (password.length >= 20) return true;
  return password.length >= 10 && characterClasses(password) >= 3;
}

export function checkResetPassword(password: string, confirmation?: string): Problem {
  if (!isStrongResetPassword(password)) return BAD_RESET_PASSWORD;
  return confirmation !== undefined && confirmation !== password ? PASSWORD_MISMATCH : null;
}

export type RecipientsResult = { ok: true; recipients: string[] } | { ok: false; info: string };

/** spec coach-shell §5 "Profile save": one e-mail per line (or comma), own e-mail stripped, at most 300 characters. */
export function parseExtraRecipients(text: string, coachEmail: string): RecipientsResult {
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isValidEmail(entry));
  if (invalid.length > 0) return { ok: false, info: `Invalid emails: ${invalid.join(', ')}` };
  const recipients = entries.filter((entry) => entry.toLowerCase() !== coachEmail.trim().toLowerCase());
  if (recipients.join(',').length > LIMITS.extraRecipients) return { ok: false, info: 'You cannot specify so many email recipients' };
  return { ok: true, recipients };
}

export const INVALID_PROFILE_EMAIL = 'Update failed - your email is invalid';
export const EMOJIS_REFUSED = 'The update failed. Please remove all emojis - the system does not currently allow for saving emojis.';

export const containsEmoji = (text: string): boolean => /\p{Extended_Pictographic}/u.test(text);

/** spec coach-shell §5 "Profile photo". */
export function checkProfilePhoto(file: { filename: string; bytes: number }): Problem {
  if (!/\.(png|jpe?g)$/i.test(file.filename)) return 'Only jpg/jpeg and png files are allowed!';
  return file.bytes > LIMITS.profilePhotoBytes ? 'Please ensure that your profile photo is less than 8MB.' : null;
}

/** spec coach-shell §5 "Web profile field limits". */
export function checkWebProfile(fields: Partial<Record<string, string | null>>): Problem {
  const limitOf = (field: string): number => {
    if (field === 'webProfilePhoneNumber') return LIMITS.webProfilePhone;
    if (field === 'webProfileScopeOfPractice' || field === 'webProfileSpecialization') return LIMITS.webProfileLongText;
    return LIMITS.webProfileField;
  };
  for (const [field, value] of Object.entries(fields)) {
    if (field.startsWith('webProfile') && typeof value === 'string' && value.length > limitOf(field)) {
      return `${field} may be at most ${limitOf(field)} characters.`;
    }
  }
  const email = fields.webProfileEmail;
  return email && !isValidEmail(email) ? INVALID_PROFILE_EMAIL : null;
}

/** spec coach-shell §5 "Leave a message". */
export function checkLeaveMessage(message: { category?: string | null; message?: string | null }): Problem {
  return blank(message.category) || blank(message.message) ? 'Please select a category and enter a message.' : null;
}

/**
 * spec public-and-guest §5 "Policy": 'sign' needs a typed name, a typed date and every extra field, except one
 * whose caption says '(if any)' (`optionalNames`).
 */
export function checkPolicySignature(
  ackMethod: 'none' | 'click' | 'sign',
  input: { coachTypedName?: string | null; coachTypedDate?: string | null; extraFields?: Record<string, string | null | undefined> },
  extraFieldNames: readonly string[],
  optionalNames: readonly string[] = [],
): Problem {
  if (ackMethod !== 'sign') return null;
  const required = extraFieldNames.filter((name) => !optionalNames.includes(name));
  const missing = blank(input.coachTypedName) || blank(input.coachTypedDate) || required.some((name) => blank(input.extraFields?.[name]));
  if (missing) return 'Please type your name, the date and every field before signing.';
  const tooLong =
    (input.coachTypedName ?? '').length > LIMITS.policyTypedName ||
    (input.coachTypedDate ?? '').length > LIMITS.policyTypedDate ||
    extraFieldNames.some((name) => (input.extraFields?.[name] ?? '').length > LIMITS.policyExtraField);
  return tooLong ? 'A typed field is too long.' : null;
}
