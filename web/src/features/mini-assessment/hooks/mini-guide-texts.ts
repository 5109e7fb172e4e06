import type { MiniLanguage } from '../api/mini-api.ts';

// The portal's own words around the legacy steps: what the mini-assessment is and how long it takes, whose it is,
// how far the guest has come, and the figure of the result. The legacy texts (mintor/initAssessment) hold none of
// these, so the page carries them in its three languages (spec public-and-guest §9: English, Slovak, Hungarian).

export interface MiniGuideTexts {
  introTitle: string;
  introText: string;
  yourCoach: string;
  coachReceives: string;
  talkItThrough: (coach: string) => string;
  progress: string;
  /** The accessible value of the progress bar: the step's place among all of them. */
  stepOf: (step: number, total: number) => string;
  figureDescription: (style: number) => string;
}

export const MINI_GUIDE_TEXTS: Readonly<Record<MiniLanguage, MiniGuideTexts>> = {
  english: {
    introTitle: 'A short Enneagram questionnaire',
    introText: 'Four questions, three answers each: about two minutes. You see your result at the end.',
    yourCoach: 'Your coach',
    coachReceives: 'Your result is shared with your coach.',
    talkItThrough: (coach) => `Talk your result through with ${coach}.`,
    progress: 'Progress',
    stepOf: (step, total) => `Step ${step} of ${total}`,
    figureDescription: (style) => `The nine Enneagram styles on a circle, joined by a triangle and a hexad; style ${style} is marked.`,
  },
  slovak: {
    introTitle: 'Krátky dotazník Enneagramu',
    introText: 'Štyri otázky, každá s tromi odpoveďami: asi dve minúty. Výsledok uvidíte na konci.',
    yourCoach: 'Váš kouč',
    coachReceives: 'Váš výsledok uvidí aj váš kouč.',
    talkItThrough: (coach) => `Výsledok prediskutujte s koučom: ${coach}.`,
    progress: 'Postup',
    stepOf: (step, total) => `Krok ${step} z ${total}`,
    figureDescription: (style) => `Deväť štýlov Enneagramu na kruhu, spojených trojuholníkom a šesťuholníkom; štýl ${style} je vyznačený.`,
  },
  hungarian: {
    introTitle: 'Rövid Enneagram-kérdőív',
    introText: 'Négy kérdés, mindegyikre három válasz: körülbelül két perc. Az eredményt a végén látja.',
    yourCoach: 'Az Ön coacha',
    coachReceives: 'Az eredményt a coacha is látja.',
    talkItThrough: (coach) => `Beszélje meg az eredményt a coachával: ${coach}.`,
    progress: 'Haladás',
    stepOf: (step, total) => `Lépés: ${step}/${total}`,
    figureDescription: (style) =>
      `Az Enneagram kilenc stílusa egy körön, háromszöggel és hatszöggel összekötve; a(z) ${style}. stílus kiemelve.`,
  },
};
