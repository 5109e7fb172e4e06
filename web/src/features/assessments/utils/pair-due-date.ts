// The earliest due date of a pair report (spec assessments-and-clients §5 "Pairs", §9): at least 2 weekdays ahead.

/** Saturday and Sunday are not weekdays. */
const isWeekend = (day: number): boolean => day === 0 || day === 6;

/**
 * The calendar day `count` weekdays after `isoDay` (YYYY-MM-DD): each step to the next day counts when that day is a
 * weekday, so Friday + 2 is Tuesday and Saturday + 2 is Tuesday; month and year ends follow the calendar.
 */
export function addWeekdays(isoDay: string, count: number): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  for (let left = count; left > 0; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date.getUTCDay())) left--;
  }
  return date.toISOString().slice(0, 10);
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** The coach's today, in the browser's time zone. */
export const localDay = (now: Date): string => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/**
 * The earliest due date the picker offers: 2 weekdays after the coach's today, and never before what the BFF accepts
 * (2 weekdays after today in UTC, the legacy servers' zone), so a date offered is never refused as too soon.
 */
export function earliestPairDueDate(now: Date): string {
  const local = addWeekdays(localDay(now), 2);
  const utc = addWeekdays(now.toISOString().slice(0, 10), 2);
  return local > utc ? local : utc;
}
