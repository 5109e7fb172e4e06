import { describe, expect, it } from 'vitest';
import { styleOfTitle } from './mini-service.ts';

describe('the style a mini result title names', () => {
  it('reads the one number of the title in each language', () => {
    expect(styleOfTitle('Style 5: The Investigator')).toBe(5);
    expect(styleOfTitle('A 2-es stílus: a Segítő')).toBe(2);
    expect(styleOfTitle('9. stílus: a Békeközvetítő')).toBe(9);
    expect(styleOfTitle('Štýl 1: Reformátor')).toBe(1);
  });

  it('names none when the title has no number, more than one, or one outside 1 to 9', () => {
    expect(styleOfTitle('The Investigator')).toBeUndefined();
    expect(styleOfTitle('Style 5 with a 4 wing')).toBeUndefined();
    expect(styleOfTitle('Style 0')).toBeUndefined();
    expect(styleOfTitle('Style 12')).toBeUndefined();
  });
});
