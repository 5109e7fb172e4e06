import { describe, expect, it } from 'vitest';
import type { MiniTranslations } from '../api/mini-api.ts';
import { translator } from './mini-texts.ts';

const translations: MiniTranslations = {
  languages: ['english', 'slovak', 'hungarian'],
  translations: {
    english: { questionOf: 'Question {n} of 4', continueButton: 'Continue' },
    slovak: { continueButton: 'Pokračovať' },
    hungarian: {},
  },
};

describe('mini-assessment texts', () => {
  it('reads the chosen language and fills in the values', () => {
    expect(translator(translations, 'english')('questionOf', { n: 2 })).toBe('Question 2 of 4');
    expect(translator(translations, 'slovak')('continueButton')).toBe('Pokračovať');
  });

  it('shows a missing text as its key between question marks (spec public-and-guest §8)', () => {
    expect(translator(translations, 'slovak')('questionOf', { n: 2 })).toBe('?questionOf?');
  });
});
