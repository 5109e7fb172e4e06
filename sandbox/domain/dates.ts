// Legacy times are 'YYYY-MM-DD HH:MM:SS' and dates 'YYYY-MM-DD' (the contract's examples); the sandbox keeps them in UTC.

export function legacyDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function legacyDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Parses 'YYYY-MM-DD' as midnight UTC; null when it is not a real calendar date. */
export function parseLegacyDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || legacyDate(date) !== text ? null : date;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

const isWeekday = (date: Date): boolean => date.getUTCDay() !== 0 && date.getUTCDay() !== 6;

/** The date `count` weekdays after `from` (the day of `from` itself is not counted). */
export function addWeekdays(from: Date, count: number): Date {
  let date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = count;
  while (left > 0) {
    date = addDays(date, 1);
    if (isWeekday(date)) left--;
  }
  return date;
}
