import type { MiniAnswer, MiniLanguage, MiniQuestion, MiniResult } from '../api/mini-api.ts';

// spec: public-and-guest §4 "Mini-assessment": language → registration → questions 1, 2, 3 (section 1
// submitted after question 3) → question 4 (section 2 submitted) → results; any failure → the error page.

export type QuestionId = MiniQuestion['id'];
export type Answers = Partial<Record<QuestionId, MiniAnswer>>;

export type MiniStep =
  | { step: 'language'; language: MiniLanguage | null }
  | { step: 'registration'; language: MiniLanguage }
  /**
   * `questions` holds questions 1–3, then question 4 once section 1 is in; `index` is the one shown. `coach` is the
   * coach's name as startAssessment gives it (absent in progress saved by an older build).
   */
  | {
      step: 'question';
      language: MiniLanguage;
      uniqueId: string;
      questions: MiniQuestion[];
      index: number;
      answers: Answers;
      coach?: string;
    }
  | { step: 'results'; language: MiniLanguage; result: MiniResult; coach?: string }
  | { step: 'error'; language: MiniLanguage | null; message: string };

export type MiniEvent =
  | { type: 'chooseLanguage'; language: MiniLanguage }
  | { type: 'continue' }
  | { type: 'started'; uniqueId: string; questions: MiniQuestion[]; coach: string }
  | { type: 'answer'; answer: MiniAnswer }
  | { type: 'next' }
  | { type: 'section1Completed'; questions: MiniQuestion[] }
  | { type: 'section2Completed'; result: MiniResult }
  | { type: 'failed'; message: string }
  | { type: 'restart' };

export const INITIAL_STEP: MiniStep = { step: 'language', language: null };

type QuestionStep = Extract<MiniStep, { step: 'question' }>;

export const currentQuestion = (state: QuestionStep): MiniQuestion | undefined => state.questions[state.index];

export function currentAnswer(state: QuestionStep): MiniAnswer | undefined {
  const question = currentQuestion(state);
  return question ? state.answers[question.id] : undefined;
}

/** What Submit does on a question: move on (questions 1, 2), send section 1 (question 3) or section 2 (question 4). */
export function submitAction(state: QuestionStep): 'next' | 'section1' | 'section2' | 'unanswered' {
  if (!currentAnswer(state)) return 'unanswered';
  const id = currentQuestion(state)?.id;
  if (id === 'q3') return 'section1';
  if (id === 'q4') return 'section2';
  return 'next';
}

export function miniReducer(state: MiniStep, event: MiniEvent): MiniStep {
  switch (event.type) {
    case 'chooseLanguage':
      return state.step === 'language' ? { ...state, language: event.language } : state;
    case 'continue':
      // spec: public-and-guest §5: a language must be chosen before Continue.
      return state.step === 'language' && state.language ? { step: 'registration', language: state.language } : state;
    case 'started':
      return state.step === 'registration'
        ? {
            step: 'question',
            language: state.language,
            uniqueId: event.uniqueId,
            questions: event.questions,
            index: 0,
            answers: {},
            coach: event.coach,
          }
        : state;
    case 'answer': {
      if (state.step !== 'question') return state;
      const question = currentQuestion(state);
      return question ? { ...state, answers: { ...state.answers, [question.id]: event.answer } } : state;
    }
    case 'next':
      return state.step === 'question' && submitAction(state) === 'next' ? { ...state, index: state.index + 1 } : state;
    case 'section1Completed':
      return state.step === 'question' && submitAction(state) === 'section1'
        ? { ...state, questions: [...state.questions, ...event.questions], index: state.index + 1 }
        : state;
    case 'section2Completed':
      return state.step === 'question' && submitAction(state) === 'section2'
        ? { step: 'results', language: state.language, result: event.result, coach: state.coach }
        : state;
    case 'failed':
      return { step: 'error', language: state.language, message: event.message };
    case 'restart':
      return INITIAL_STEP;
  }
}

/** The steps a guest goes through: the language, the details, the four questions and the result. */
export const STEP_COUNT = 7;

/** Which of the STEP_COUNT steps `state` is (1-based); the error page is none. */
export function stepNumber(state: MiniStep): number | null {
  switch (state.step) {
    case 'language':
      return 1;
    case 'registration':
      return 2;
    case 'question':
      return 3 + state.index;
    case 'results':
      return STEP_COUNT;
    case 'error':
      return null;
  }
}

/** The coach's name once startAssessment gave it, or null. */
export function coachOf(state: MiniStep): string | null {
  return (state.step === 'question' || state.step === 'results') && state.coach ? state.coach : null;
}

/** The step to show after a reload: the saved one, except that a saved error page starts again (spec: public-and-guest §4). */
export function restoreStep(saved: MiniStep | undefined): MiniStep {
  return !saved || saved.step === 'error' ? INITIAL_STEP : saved;
}

const LANGUAGES: readonly unknown[] = ['english', 'slovak', 'hungarian'];
const ANSWERS: readonly unknown[] = ['A', 'B', 'C'];
const QUESTION_IDS: readonly unknown[] = ['q1', 'q2', 'q3', 'q4'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptionalText = (value: unknown): boolean => value === undefined || typeof value === 'string';
const isStyle = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 9;
const isLanguage = (value: unknown): value is MiniLanguage => LANGUAGES.includes(value);

function isQuestion(value: unknown): value is MiniQuestion {
  return (
    isRecord(value) &&
    QUESTION_IDS.includes(value.id) &&
    typeof value.text === 'string' &&
    Array.isArray(value.options) &&
    value.options.every((option) => isRecord(option) && ANSWERS.includes(option.key) && typeof option.text === 'string')
  );
}

/** Guards what comes back from local storage (an older build's or a hand-edited value is ignored). */
export function isMiniStep(value: unknown): value is MiniStep {
  if (!isRecord(value)) return false;
  switch (value.step) {
    case 'language':
      return value.language === null || isLanguage(value.language);
    case 'registration':
      return isLanguage(value.language);
    case 'question':
      return (
        isLanguage(value.language) &&
        typeof value.uniqueId === 'string' &&
        Array.isArray(value.questions) &&
        value.questions.every(isQuestion) &&
        typeof value.index === 'number' &&
        value.index >= 0 &&
        value.index < value.questions.length &&
        isRecord(value.answers) &&
        isOptionalText(value.coach) &&
        Object.entries(value.answers).every(([id, answer]) => QUESTION_IDS.includes(id) && ANSWERS.includes(answer))
      );
    case 'results':
      return (
        isLanguage(value.language) &&
        isRecord(value.result) &&
        typeof value.result.enneaTitle === 'string' &&
        typeof value.result.resultText === 'string' &&
        (value.result.style === undefined || isStyle(value.result.style)) &&
        isOptionalText(value.coach)
      );
    case 'error':
      return true;
    default:
      return false;
  }
}
