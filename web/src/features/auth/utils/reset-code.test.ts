import { describe, expect, it } from 'vitest';
import { resetCodeFromQuery } from './reset-code.ts';

describe('resetCodeFromQuery', () => {
  it('reads the value after the equals sign', () => {
    expect(resetCodeFromQuery('?code=8f14e45fceea167a')).toBe('8f14e45fceea167a');
    expect(resetCodeFromQuery('?resetcode=abc123')).toBe('abc123');
    expect(resetCodeFromQuery('?code=a%2Bb&x=1')).toBe('a+b');
  });

  it('is null without a code', () => {
    expect(resetCodeFromQuery('')).toBeNull();
    expect(resetCodeFromQuery('?code=')).toBeNull();
  });
});
