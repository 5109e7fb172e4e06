import { describe, expect, it } from 'vitest';
import { checkPairsSendable, decidePair, PAIR_NEEDS_TWO, PAIR_REPORTS_NOT_SUPPLIED, pairInfo } from './pairs.ts';

const today = new Date('2025-11-20T15:00:00Z'); // Thursday
const ann = { uuid: 'a', clientUUID: 'c1', clientName: 'Ann', clientSurname: 'Lee' };
const ben = { uuid: 'b', clientUUID: 'c2', clientName: 'Ben', clientSurname: 'Roe' };

describe('decidePair (spec assessments-and-clients §5 "Pairs")', () => {
  it('accepts two clients with a due date 2 weekdays ahead, costing 2', () => {
    expect(decidePair([ann, ben], 'Romance', '2025-11-24', today)).toEqual({ ok: true, cost: 2 });
    expect(decidePair([ann, ben], 'Workplace', '2025-11-25', today)).toEqual({ ok: true, cost: 2 });
  });

  it('refuses a missing or early due date', () => {
    expect(decidePair([ann, ben], 'Romance', null, today)).toEqual({ ok: false, info: 'Please specify a due date.' });
    expect(decidePair([ann, ben], 'Romance', '2025-11-21', today)).toMatchObject({ ok: false });
  });

  it('needs two different assessments of two clients', () => {
    expect(decidePair([ann], 'Romance', '2025-11-24', today)).toEqual({ ok: false, info: PAIR_NEEDS_TWO });
    expect(decidePair([ann, ann], 'Romance', '2025-11-24', today)).toEqual({ ok: false, info: PAIR_NEEDS_TWO });
    expect(decidePair([ann, { ...ben, clientUUID: 'c1' }], 'Romance', '2025-11-24', today)).toEqual({
      ok: false,
      info: 'A pair needs two different clients.',
    });
  });
});

describe('pair table helpers', () => {
  it('names both clients', () => {
    expect(pairInfo([ann, ben])).toBe('Ann Lee & Ben Roe');
  });

  it('sends only supplied reports', () => {
    expect(checkPairsSendable([{ reportSuppliedAt: '2025-11-21 10:00:00' }])).toBeNull();
    expect(checkPairsSendable([{ reportSuppliedAt: '2025-11-21 10:00:00' }, { reportSuppliedAt: '-' }])).toBe(PAIR_REPORTS_NOT_SUPPLIED);
  });
});
