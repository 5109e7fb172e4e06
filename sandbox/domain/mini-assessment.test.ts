import { describe, expect, it } from 'vitest';
import { miniQuestions, miniResult, scoreMini } from './mini-assessment.ts';

const CENTRE = (type: number) => ([8, 9, 1].includes(type) ? 'gut' : [2, 3, 4].includes(type) ? 'heart' : 'head');

describe('the mini-assessment (spec public-and-guest §3, §9)', () => {
  it('asks questions 1 to 3 in section 1 and question 4 in section 2, each with options A, B and C', () => {
    expect(Object.keys(miniQuestions('slovak', 1))).toEqual(['q1', 'q2', 'q3']);
    expect(miniQuestions('hungarian', 2).q4?.options).toEqual({
      A: 'Határozott és megbízható.',
      B: 'Figyelmes és melegszívű.',
      C: 'Kíváncsi és elemző.',
    });
  });

  it('scores every answer combination to a style and a trifix with one style per centre, main first', () => {
    const options = ['A', 'B', 'C'] as const;
    for (const q1 of options)
      for (const q2 of options)
        for (const q3 of options)
          for (const q4 of options) {
            const { ennea, trifix } = scoreMini({ q1, q2, q3, q4 });
            expect(trifix[0]).toBe(String(ennea));
            expect(new Set([...trifix].map((type) => CENTRE(Number(type)))).size).toBe(3);
          }
    expect(scoreMini({ q1: 'B', q2: 'A', q3: 'B', q4: 'C' })).toEqual({ ennea: 2, trifix: '297' });
  });

  it('titles the result in the guest’s language', () => {
    expect(miniResult('hungarian', { ennea: 2, trifix: '261' }).enneaTitle).toBe('2. stílus: a Segítő');
    expect(miniResult('english', { ennea: 9, trifix: '935' }).enneaTitle).toBe('Style 9: The calm mediator');
  });
});
