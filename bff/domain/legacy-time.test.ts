import { describe, expect, it } from 'vitest';
import { fromLegacyTime } from './legacy-time.ts';

describe('fromLegacyTime', () => {
  it('reads a legacy time as UTC', () => {
    expect(fromLegacyTime('2025-10-28 10:00:00')).toBe('2025-10-28T10:00:00Z');
  });

  it.each(['', '2025-10-28', '2025-10-28T10:00:00Z', '2025-13-45 99:00:00', ' 2025-10-28 10:00:00'])('refuses %j', (value) => {
    expect(fromLegacyTime(value)).toBeNull();
  });
});
