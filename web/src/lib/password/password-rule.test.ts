import { describe, expect, it } from 'vitest';
import { isAcceptablePassword, matchState } from './password-rule.ts';

describe('isAcceptablePassword', () => {
  it('accepts a passphrase of 20 or more characters as it is', () => {
    expect(isAcceptablePassword('a'.repeat(20), undefined)).toBe(true);
    expect(isAcceptablePassword('a'.repeat(19), 0)).toBe(false);
  });

  it('needs 10 characters, three kinds of character and a score of 3 below 20', () => {
    expect(isAcceptablePassword('Tr0ub4dor&', 3)).toBe(true);
    expect(isAcceptablePassword('Tr0ub4d&r', 4)).toBe(false); // 9 characters
    expect(isAcceptablePassword('troubadorxq', 4)).toBe(false); // one kind
    expect(isAcceptablePassword('Password12', 2)).toBe(false); // guessable
    expect(isAcceptablePassword('Tr0ub4dor&', undefined)).toBe(false); // estimator not loaded yet
  });
});

describe('matchState', () => {
  it('says empty, different or same', () => {
    expect(matchState('abc', '')).toBe('empty');
    expect(matchState('abc', 'ab')).toBe('different');
    expect(matchState('abc', 'abc')).toBe('same');
  });
});
