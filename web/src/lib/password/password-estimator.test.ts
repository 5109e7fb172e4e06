import { describe, expect, it } from 'vitest';
import { passwordScore } from './password-estimator.ts';

describe('passwordScore (zxcvbn-ts with the common and English dictionaries)', () => {
  it('scores a common password low and a random one high', () => {
    expect(passwordScore('Password123')).toBeLessThan(3);
    expect(passwordScore('q7#Vx!m2Lp9z')).toBeGreaterThanOrEqual(3);
  });
});
