import { describe, expect, it } from 'vitest';
import type { MiniQuestion } from '../api/mini-api.ts';
import {
  coachOf,
  INITIAL_STEP,
  isMiniStep,
  type MiniEvent,
  type MiniStep,
  miniReducer,
  restoreStep,
  STEP_COUNT,
  stepNumber,
  submitAction,
} from './mini-steps.ts';

const question = (id: MiniQuestion['id']): MiniQuestion => ({
  id,
  text: `Question ${id}`,
  options: [
    { key: 'A', text: 'a' },
    { key: 'B', text: 'b' },
    { key: 'C', text: 'c' },
  ],
});
const SECTION_1 = [question('q1'), question('q2'), question('q3')];
const RESULT = { enneaTitle: 'Style 5', resultText: '<p>You value knowledge.</p>' };

const play = (events: MiniEvent[], from: MiniStep = INITIAL_STEP) => events.reduce(miniReducer, from);

describe('mini-assessment steps (spec public-and-guest §4 "Mini-assessment")', () => {
  it('needs a language before Continue', () => {
    expect(play([{ type: 'continue' }])).toEqual(INITIAL_STEP);
    expect(play([{ type: 'chooseLanguage', language: 'slovak' }, { type: 'continue' }])).toEqual({
      step: 'registration',
      language: 'slovak',
    });
  });

  it('goes from registration through questions 1 to 3, section 1, question 4 and section 2 to the results', () => {
    let state = play([
      { type: 'chooseLanguage', language: 'hungarian' },
      { type: 'continue' },
      { type: 'started', uniqueId: 'u-1', questions: SECTION_1, coach: 'Amara Botha' },
    ]);
    expect(state).toMatchObject({ step: 'question', index: 0, uniqueId: 'u-1', language: 'hungarian', coach: 'Amara Botha' });
    expect(stepNumber(state)).toBe(3);
    expect(coachOf(state)).toBe('Amara Botha');
    if (state.step !== 'question') throw new Error('not a question');
    expect(submitAction(state)).toBe('unanswered');
    expect(miniReducer(state, { type: 'next' })).toBe(state);

    state = play([{ type: 'answer', answer: 'A' }], state);
    if (state.step !== 'question') throw new Error('not a question');
    expect(submitAction(state)).toBe('next');
    state = play([{ type: 'next' }, { type: 'answer', answer: 'B' }, { type: 'next' }, { type: 'answer', answer: 'C' }], state);
    expect(state).toMatchObject({ index: 2, answers: { q1: 'A', q2: 'B', q3: 'C' } });
    if (state.step !== 'question') throw new Error('not a question');
    expect(submitAction(state)).toBe('section1');
    // question 3 is not passed by Next: section 1 has to be submitted first
    expect(miniReducer(state, { type: 'next' })).toBe(state);

    state = play([{ type: 'section1Completed', questions: [question('q4')] }], state);
    expect(state).toMatchObject({ step: 'question', index: 3 });
    expect(stepNumber(state)).toBe(6);
    if (state.step !== 'question') throw new Error('not a question');
    expect(submitAction(state)).toBe('unanswered');
    state = play([{ type: 'answer', answer: 'B' }], state);
    if (state.step !== 'question') throw new Error('not a question');
    expect(submitAction(state)).toBe('section2');

    const results = play([{ type: 'section2Completed', result: RESULT }], state);
    expect(results).toEqual({ step: 'results', language: 'hungarian', result: RESULT, coach: 'Amara Botha' });
    expect(stepNumber(results)).toBe(STEP_COUNT);
    expect(coachOf(results)).toBe('Amara Botha');
  });

  it('goes to the error page on a failure and back to the language selection on restart', () => {
    const failed = play([
      { type: 'chooseLanguage', language: 'english' },
      { type: 'continue' },
      { type: 'failed', message: 'Assessment not found.' },
    ]);
    expect(failed).toEqual({ step: 'error', language: 'english', message: 'Assessment not found.' });
    expect(stepNumber(failed)).toBeNull();
    expect(coachOf(failed)).toBeNull();
    expect(miniReducer(failed, { type: 'restart' })).toEqual(INITIAL_STEP);
  });

  it('ignores events that do not belong to the step', () => {
    expect(miniReducer(INITIAL_STEP, { type: 'answer', answer: 'A' })).toBe(INITIAL_STEP);
    expect(miniReducer(INITIAL_STEP, { type: 'started', uniqueId: 'u', questions: SECTION_1, coach: 'C' })).toBe(INITIAL_STEP);
    expect(miniReducer(INITIAL_STEP, { type: 'section2Completed', result: RESULT })).toBe(INITIAL_STEP);
  });
});

describe('saved progress', () => {
  it('restores a saved step, but a saved error page starts again at the language selection', () => {
    const saved: MiniStep = { step: 'question', language: 'slovak', uniqueId: 'u-1', questions: SECTION_1, index: 1, answers: { q1: 'C' } };
    expect(restoreStep(saved)).toBe(saved);
    expect(restoreStep({ step: 'error', language: 'slovak', message: 'x' })).toEqual(INITIAL_STEP);
    expect(restoreStep(undefined)).toEqual(INITIAL_STEP);
  });

  it('accepts only well-formed saved steps', () => {
    expect(
      isMiniStep({ step: 'question', language: 'slovak', uniqueId: 'u-1', questions: SECTION_1, index: 1, answers: { q1: 'C' } }),
    ).toBe(true);
    expect(isMiniStep({ step: 'results', language: 'english', result: RESULT })).toBe(true);
    expect(isMiniStep({ step: 'results', language: 'english', result: { ...RESULT, style: 5 }, coach: 'Amara Botha' })).toBe(true);
    expect(isMiniStep({ step: 'results', language: 'english', result: { ...RESULT, style: 10 } })).toBe(false);
    expect(isMiniStep({ step: 'results', language: 'english', result: RESULT, coach: 7 })).toBe(false);
    expect(isMiniStep({ step: 'language', language: null })).toBe(true);
    expect(isMiniStep({ step: 'question', language: 'slovak', uniqueId: 'u-1', questions: SECTION_1, index: 3, answers: {} })).toBe(false);
    expect(
      isMiniStep({ step: 'question', language: 'slovak', uniqueId: 'u-1', questions: SECTION_1, index: 0, answers: { q1: 'D' } }),
    ).toBe(false);
    expect(isMiniStep({ step: 'registration', language: 'german' })).toBe(false);
    expect(isMiniStep({ step: 'done' })).toBe(false);
    expect(isMiniStep(null)).toBe(false);
  });
});
