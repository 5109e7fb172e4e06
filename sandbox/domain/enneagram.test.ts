import { describe, expect, it } from 'vitest';
import { CENTRE_OF, MATURITY_STAGES, maturityStage, STYLES_OF, scoreIMF, wingOf } from './enneagram.ts';

describe('enneagram lists (spec public-and-guest §3)', () => {
  it('puts each style in one centre', () => {
    for (const [centre, styles] of Object.entries(STYLES_OF)) for (const style of styles) expect(CENTRE_OF[style]).toBe(centre);
    expect(Object.keys(CENTRE_OF)).toHaveLength(9);
  });

  it('orders the eight Maturity stages', () => {
    expect(MATURITY_STAGES.map((stage) => stage.code)).toEqual(['SE', 'CO', 'SP', 'PE', 'IN', 'ST', 'TR', 'BE']);
    expect(maturityStage(1)?.name).toBe('Self-protecting');
    expect(maturityStage(9)).toBeNull();
    expect(scoreIMF(4)).toBe('Performing (PE)');
    expect(scoreIMF(0)).toBeNull();
  });

  it('picks the higher-ranked neighbour as wing, around the circle', () => {
    expect(wingOf(8, [8, 7, 9, 1, 2, 3, 4, 5, 6])).toBe(7);
    expect(wingOf(1, [1, 9, 2, 3, 4, 5, 6, 7, 8])).toBe(9);
    expect(wingOf(9, [9, 1, 8, 2, 3, 4, 5, 6, 7])).toBe(1);
  });
});
