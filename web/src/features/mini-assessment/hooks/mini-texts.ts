import type { MiniLanguage, MiniTranslations } from '../api/mini-api.ts';

/** The error page's title before any texts are known (spec: public-and-guest §2 "Mini-assessment page"). */
export const FALLBACK_ERROR_TITLE = 'An error has occurred';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The page text for `key` in `language`; a missing one shows the key between question marks (spec: public-and-guest §8). */
export function translator(translations: MiniTranslations, language: MiniLanguage): Translate {
  return (key, values = {}) => {
    const text = translations.translations[language][key];
    if (text === undefined) return `?${key}?`;
    return Object.entries(values).reduce((result, [name, value]) => result.replaceAll(`{${name}}`, String(value)), text);
  };
}
