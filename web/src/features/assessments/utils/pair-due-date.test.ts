import { describe, expect, it } from 'vitest';
import { addWeekdays, earliestPairDueDate, localDay } from './pair-due-date.ts';

describe('addWeekdays (spec §5 "Pairs": at least 2 weekdays ahead)', () => {
  it.each([
    ['2026-11-23', '2026-11-25', 'Monday → Wednesday'],
    ['2026-11-25', '2026-11-27', 'Wednesday → Friday'],
    ['2026-11-26', '2026-11-30', 'Thursday → Monday, over the weekend'],
    ['2026-11-27', '2026-12-01', 'Friday → Tuesday, over the weekend and the month end'],
    ['2026-11-28', '2026-12-01', 'Saturday → Tuesday'],
    ['2026-11-29', '2026-12-01', 'Sunday → Tuesday'],
    ['2026-12-30', '2027-01-01', 'Wednesday → Friday, over the year end'],
    ['2026-12-31', '2027-01-04', 'Thursday → Monday, over the year end and a weekend'],
    ['2027-02-26', '2027-03-02', 'Friday → Tuesday, over February'],
    ['2028-02-28', '2028-03-01', 'Monday → Wednesday, over a leap day'],
  ])('%s + 2 weekdays is %s (%s)', (from, expected) => {
    expect(addWeekdays(from, 2)).toBe(expected);
  });

  it('counts any number of weekdays, none leaves the day as it is', () => {
    expect(addWeekdays('2026-11-27', 5)).toBe('2026-12-04');
    expect(addWeekdays('2026-11-27', 0)).toBe('2026-11-27');
  });
});

describe('earliestPairDueDate', () => {
  it('is 2 weekdays after today', () => {
    const now = new Date(2026, 10, 27, 12, 0);
    expect(localDay(now)).toBe('2026-11-27');
    expect(earliestPairDueDate(now)).toBe('2026-12-01');
  });

  it('is never before the BFF’s own minimum (2 weekdays after the UTC day)', () => {
    for (const iso of ['2026-11-27T23:30:00Z', '2026-11-28T00:30:00Z', '2026-12-31T23:59:00Z']) {
      const now = new Date(iso);
      expect(earliestPairDueDate(now) >= addWeekdays(iso.slice(0, 10), 2)).toBe(true);
      expect(earliestPairDueDate(now) >= addWeekdays(localDay(now), 2)).toBe(true);
    }
  });
});
