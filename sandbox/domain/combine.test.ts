import { describe, expect, it } from 'vitest';
import {
  COMBINE_DIFFERENT_CLIENTS,
  COMBINE_NOT_COMPLETE,
  COMBINE_NOT_MARKED,
  COMBINE_SAME_TYPE,
  COMBINE_WRONG_PARTS,
  combinedResults,
  decideCombine,
} from './combine.ts';

const ennea = {
  uuid: 'e',
  clientUUID: 'c',
  assessmentType: 'ennea' as const,
  guestCompletedAt: '2025-09-01 10:00:00',
  marked: 1,
  fromAnotherCoach: 0,
};
const imf = {
  uuid: 'm',
  clientUUID: 'c',
  assessmentType: 'EIT' as const,
  guestCompletedAt: '2025-09-05 10:00:00',
  marked: 1,
  fromAnotherCoach: 0,
};

describe('decideCombine (spec assessments-and-clients §5 "Combine")', () => {
  it('combines a complete Enneagram and a marked Maturity of one client', () => {
    expect(decideCombine(ennea, imf)).toEqual({ ok: true });
  });

  it('refuses two clients, incomplete ones and the same type, with the spec messages', () => {
    expect(decideCombine(ennea, { ...imf, clientUUID: 'other' })).toEqual({ ok: false, info: COMBINE_DIFFERENT_CLIENTS });
    expect(decideCombine(ennea, { ...imf, guestCompletedAt: null })).toEqual({ ok: false, info: COMBINE_NOT_COMPLETE });
    expect(decideCombine(ennea, { ...imf, assessmentType: 'ennea' })).toEqual({ ok: false, info: COMBINE_SAME_TYPE });
    expect(COMBINE_DIFFERENT_CLIENTS).toBe('You are not allowed to combine 2 different clients.');
  });

  it('refuses parts taken from the wrong type', () => {
    expect(decideCombine(imf, ennea)).toEqual({ ok: false, info: COMBINE_WRONG_PARTS });
  });

  it('waits for the Maturity marking', () => {
    expect(decideCombine(ennea, { ...imf, marked: 0 })).toEqual({ ok: false, info: COMBINE_NOT_MARKED });
  });
});

describe('combinedResults', () => {
  it('takes the Enneagram part from one and the Maturity part from the other', () => {
    const enneaFields = {
      userEnnea: 8,
      userTriType: '378',
      orderedTriType: '837',
      userInstinct: 'SX' as const,
      scoreSP: 40,
      scoreSO: 20,
      scoreSX: 80,
      enneaRankingCSV: '8,3,7,9,2,5,1,4,6',
      guestCompletedAt: '2025-09-01 10:00:00',
    };
    const maturityFields = { finalTPR: 4, scoreIMF: 'Performing (PE)', marked: 1, guestCompletedAt: '2025-09-05 10:00:00' };
    expect(combinedResults(enneaFields, maturityFields)).toEqual({
      ...enneaFields,
      assessmentType: 'full',
      tokenType: 'hybrid',
      finalTPR: 4,
      scoreIMF: 'Performing (PE)',
      marked: 1,
      guestCompletedAt: '2025-09-05 10:00:00',
    });
  });
});
