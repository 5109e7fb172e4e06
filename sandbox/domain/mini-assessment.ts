import type { components } from '../../generated/legacy.ts';
import { STYLE_NAMES, STYLES_OF } from './enneagram.ts';

// spec public-and-guest §2 "Mini-assessment page", §3 "Mini-assessment", §9: 4 questions with 3 options,
// in English, Slovak and Hungarian. The documents do not show the texts; these are the sandbox's.
type Schemas = components['schemas'];
export type MiniLanguage = Schemas['MiniAssessmentRecord']['localLanguage'];
export type MiniQuestion = Schemas['MiniQuestion'];
export type MiniAnswers = Schemas['MiniResponses'];
type Option = 'A' | 'B' | 'C';

export const MINI_LANGUAGES: readonly MiniLanguage[] = ['english', 'slovak', 'hungarian'];

export const MINI_TRANSLATIONS: Readonly<Record<MiniLanguage, Record<string, string>>> = {
  english: {
    chooseLanguage: 'Choose your language',
    continueButton: 'Continue',
    registrationTitle: 'Your details',
    name: 'Name',
    surname: 'Surname',
    email: 'Email',
    submitButton: 'Submit',
    questionOf: 'Question {n} of 4',
    resultTitle: 'Your result',
    errorTitle: 'An error has occurred',
  },
  slovak: {
    chooseLanguage: 'Vyberte si jazyk',
    continueButton: 'Pokračovať',
    registrationTitle: 'Vaše údaje',
    name: 'Meno',
    surname: 'Priezvisko',
    email: 'E-mail',
    submitButton: 'Odoslať',
    questionOf: 'Otázka {n} zo 4',
    resultTitle: 'Váš výsledok',
    errorTitle: 'Vyskytla sa chyba',
  },
  hungarian: {
    chooseLanguage: 'Válasszon nyelvet',
    continueButton: 'Tovább',
    registrationTitle: 'Az Ön adatai',
    name: 'Keresztnév',
    surname: 'Vezetéknév',
    email: 'E-mail',
    submitButton: 'Beküldés',
    questionOf: '{n}. kérdés a 4-ből',
    resultTitle: 'Az Ön eredménye',
    errorTitle: 'Hiba történt',
  },
};

const q = (question: string, A: string, B: string, C: string): MiniQuestion => ({ question, options: { A, B, C } });

const QUESTIONS: Readonly<Record<MiniLanguage, readonly [MiniQuestion, MiniQuestion, MiniQuestion, MiniQuestion]>> = {
  english: [
    q(
      'When a project runs into trouble, what do you notice first?',
      'What has to be done, and who should act now.',
      'How the people involved are feeling about it.',
      'What went wrong and how to understand it.',
    ),
    q('What gives you the most energy?', 'Things falling into their right place.', 'Being able to help others.', 'Learning something new.'),
    q(
      'How do you react to an unexpected change?',
      'I act straight away.',
      'I ask what others think.',
      'I first think the options through.',
    ),
    q('What do your friends value most in you?', 'Firm and dependable.', 'Attentive and warm-hearted.', 'Curious and analytical.'),
  ],
  slovak: [
    q(
      'Keď sa projekt dostane do problémov, čo si všimnete ako prvé?',
      'Čo treba urobiť a kto má konať hneď.',
      'Ako sa cítia zúčastnení.',
      'Čo sa pokazilo a ako tomu porozumieť.',
    ),
    q('Čo vám dáva najviac energie?', 'Keď veci zapadnú na svoje miesto.', 'Keď môžem pomôcť druhým.', 'Keď sa naučím niečo nové.'),
    q('Ako reagujete na nečakanú zmenu?', 'Konám okamžite.', 'Opýtam sa, čo si myslia ostatní.', 'Najprv si premyslím možnosti.'),
    q('Čo si na vás priatelia najviac cenia?', 'Rozhodnosť a spoľahlivosť.', 'Pozornosť a vrúcnosť.', 'Zvedavosť a analytickosť.'),
  ],
  hungarian: [
    q(
      'Amikor egy projekt elakad, mit vesz észre először?',
      'Mit kell tenni, és kinek kell most lépnie.',
      'Hogyan érzik magukat az érintettek.',
      'Mi romlott el, és hogyan lehet megérteni.',
    ),
    q('Mi ad Önnek a legtöbb energiát?', 'Ha a dolgok a helyükre kerülnek.', 'Ha másoknak segíthetek.', 'Ha valami újat tanulhatok.'),
    q(
      'Hogyan reagál egy váratlan változásra?',
      'Azonnal cselekszem.',
      'Megkérdezem, mit gondolnak mások.',
      'Előbb végiggondolom a lehetőségeket.',
    ),
    q('Mit tartanak Önről leginkább a barátai?', 'Határozott és megbízható.', 'Figyelmes és melegszívű.', 'Kíváncsi és elemző.'),
  ],
};

/** Section 1: questions 1 to 3; section 2: question 4 (spec public-and-guest §4 "Mini-assessment"). */
export function miniQuestions(language: MiniLanguage, section: 1 | 2): Schemas['MiniQuestions'] {
  const [q1, q2, q3, q4] = QUESTIONS[language];
  return section === 1 ? { q1, q2, q3 } : { q4 };
}

// Option A leans to the gut centre, B to the heart, C to the head (spec public-and-guest §3 "Lists").
const CENTRE_TYPES: Readonly<Record<Option, readonly [number, number, number]>> = {
  A: STYLES_OF.gut,
  B: STYLES_OF.heart,
  C: STYLES_OF.head,
};
const INDEX: Readonly<Record<Option, number>> = { A: 0, B: 1, C: 2 };

export type MiniResult = { ennea: number; trifix: string };

/**
 * Question 1 picks the centre of the main style and question 2 the style within it; questions 3 and 4
 * pick a style in each of the other two centres (by the same option position), so the trifix holds one
 * style per centre, main first.
 */
export function scoreMini(answers: Required<MiniAnswers>): MiniResult {
  const centre = CENTRE_TYPES[answers.q1];
  const ennea = centre[INDEX[answers.q2]] as number;
  const others = (Object.keys(CENTRE_TYPES) as Option[]).filter((option) => option !== answers.q1);
  const second = CENTRE_TYPES[others[0] as Option][INDEX[answers.q3]] as number;
  const third = CENTRE_TYPES[others[1] as Option][INDEX[answers.q4]] as number;
  return { ennea, trifix: `${ennea}${second}${third}` };
}

const MINI_STYLE_NAMES: Readonly<Record<MiniLanguage, readonly string[]>> = {
  english: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((style) => STYLE_NAMES[style] ?? ''),
  slovak: ['Reformátor', 'Pomocník', 'Výkonný', 'Individualista', 'Pozorovateľ', 'Lojálny', 'Nadšenec', 'Vyzývateľ', 'Mierotvorca'],
  hungarian: [
    'a Reformer',
    'a Segítő',
    'a Teljesítő',
    'az Individualista',
    'a Kutató',
    'a Lojális',
    'a Lelkes',
    'a Kihívó',
    'a Békeközvetítő',
  ],
};

export const styleName = (language: MiniLanguage, ennea: number): string => MINI_STYLE_NAMES[language][ennea - 1] ?? '';

/** The result page's title and text in the guest's language. */
export function miniResult(language: MiniLanguage, result: MiniResult): { enneaTitle: string; resultText: string } {
  const name = styleName(language, result.ennea);
  const { ennea, trifix } = result;
  if (language === 'slovak') {
    return {
      enneaTitle: `Štýl ${ennea}: ${name}`,
      resultText: `<p>Pravdepodobne patríte k štýlu ${ennea} (${name}). Váš trifix je ${trifix}.</p><p>Výsledok prediskutujte so svojím koučom.</p>`,
    };
  }
  if (language === 'hungarian') {
    return {
      enneaTitle: `${ennea}. stílus: ${name}`,
      resultText: `<p>Ön valószínűleg a ${ennea}. stílushoz tartozik (${name}). Az Ön trifixe: ${trifix}.</p><p>Beszélje meg az eredményt coachával.</p>`,
    };
  }
  return {
    enneaTitle: `Style ${ennea}: ${name}`,
    resultText: `<p>You most likely belong to style ${ennea}, ${name}. Your trifix is ${trifix}.</p><p>Talk your result through with your coach.</p>`,
  };
}
