// Loaded on the first keystroke only (the dictionaries are most of its weight): see use-password-score.ts.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** zxcvbn-ts's score, 0 (too guessable) to 4 (very unguessable). */
export function passwordScore(password: string): number {
  return estimator.check(password).score;
}
