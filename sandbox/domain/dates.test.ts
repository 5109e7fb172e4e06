import { describe, expect, it } from 'vitest';
import { addDays, addWeekdays, legacyDate, legacyDateTime, parseLegacyDate } from './dates.ts';

describe('legacy date formats', () => {
  it('formats date-times and dates in UTC', () => {
    const date = new Date('2025-10-21T08:12:44.789Z');
    expect(legacyDateTime(date)).toBe('2025-10-21 08:12:44');
    expect(legacyDate(date)).toBe('2025-10-21');
  });

  it('parses real calendar dates only', () => {
    expect(parseLegacyDate('2025-02-28')?.toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(parseLegacyDate('2025-02-30')).toBeNull();
    expect(parseLegacyDate('28/02/2025')).toBeNull();
    expect(parseLegacyDate('')).toBeNull();
  });
});

describe('day arithmetic', () => {
  it('adds calendar days across a month end', () => {
    expect(legacyDate(addDays(new Date('2025-01-31T10:00:00Z'), 1))).toBe('2025-02-01');
  });

  it('adds weekdays, skipping the weekend', () => {
    // 2025-11-20 is a Thursday.
    expect(legacyDate(addWeekdays(new Date('2025-11-20T15:00:00Z'), 2))).toBe('2025-11-24');
    // From a Saturday, two weekdays ahead is Tuesday.
    expect(legacyDate(addWeekdays(new Date('2025-11-22T09:00:00Z'), 2))).toBe('2025-11-25');
    expect(legacyDate(addWeekdays(new Date('2025-11-17T09:00:00Z'), 2))).toBe('2025-11-19');
  });
});
