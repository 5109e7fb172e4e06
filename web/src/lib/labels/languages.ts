import type { components } from '../../../../generated/bff.ts';

/** Every language of the contract; report and mini-assessment languages are subsets of it. */
export type Language = components['schemas']['Language'];

/** A language's name as the screens show it (report switcher, mini-assessment, assessment forms). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  english: 'English',
  afrikaans: 'Afrikaans',
  chinese: 'Chinese',
  dutch: 'Dutch',
  french: 'French',
  german: 'German',
  hungarian: 'Hungarian',
  italian: 'Italian',
  korean: 'Korean',
  portuguese: 'Portuguese',
  sesotho: 'Sesotho',
  slovak: 'Slovak',
  spanish: 'Spanish',
  tsonga: 'Tsonga',
  ukrainian: 'Ukrainian',
  xhosa: 'Xhosa',
  zulu: 'Zulu',
};
