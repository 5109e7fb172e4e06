import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version.ts';

describe('isNewerVersion', () => {
  it('is true only for a later stamp', () => {
    expect(isNewerVersion('20251030t113750', '20251030t113749')).toBe(true);
    expect(isNewerVersion('20251030t113749', '20251030t113749')).toBe(false);
    expect(isNewerVersion('20250101t000000', '20251030t113749')).toBe(false);
    expect(isNewerVersion(undefined, '20251030t113749')).toBe(false);
  });
});
