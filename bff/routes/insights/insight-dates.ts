// The calendar the insights count in: days, weeks (Monday to Sunday) and months in UTC, as the legacy times are read
// (domain/legacy-time.ts). A legacy time 'YYYY-MM-DD HH:MM:SS' sorts as its time does, so a record is placed by
// comparing its text with the period's first day, without parsing it.
export const DAY_MS = 86_400_000;

/** The UTC day of `time` as 'YYYY-MM-DD'. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** Midnight UTC of the day holding `time`. */
export const midnightOf = (time: number): number => Math.floor(time / DAY_MS) * DAY_MS;

/** Midnight UTC of the Monday of the week holding `time`. */
export function mondayOf(time: number): number {
  const midnight = midnightOf(time);
  return midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
}

/** The `count` months up to the one holding `time`, oldest first, as 'YYYY-MM'. */
export function lastMonths(time: number, count: number): string[] {
  const now = new Date(time);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  }
  return months;
}
