import { describe, expect, it } from 'vitest';
import { fromLegacyTime, isLegacyTime } from './legacy-time.ts';

describe('fromLegacyTime', () => {
  it('reads a legacy time as UTC', () => {
    expect(fromLegacyTime('2025-10-28 10:00:00')).toBe('2025-10-28T10:00:00Z');
  });

  it.each([
    '',
    '2025-10-28',
    '2025-10-28T10:00:00Z',
    '2025-13-45 99:00:00',
    ' 2025-10-28 10:00:00',
    '2025-00-10 10:00:00',
    '2025-10-28 24:00:00',
    '2025-10-28 10:60:00',
  ])('refuses %j', (value) => {
    expect(fromLegacyTime(value)).toBeNull();
    expect(isLegacyTime(value)).toBe(false);
  });

  it('accepts exactly what the contract can carry as a date-time', () => {
    for (const value of ['2025-01-01 00:00:00', '2024-02-29 23:59:59', '2025-12-31 12:30:45']) {
      expect(isLegacyTime(value)).toBe(true);
      expect(Number.isNaN(Date.parse(fromLegacyTime(value) ?? ''))).toBe(false);
    }
  });
});
