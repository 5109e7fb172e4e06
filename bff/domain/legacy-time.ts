// The legacy API writes times as 'YYYY-MM-DD HH:MM:SS' with no zone; the contract's date-times are RFC 3339.
// The legacy servers keep UTC (the spec names no other zone), so the time is read as UTC.
// Month 01–12, day 01–31, hour 00–23, minutes and seconds 00–59: what a date-time parser accepts (no
// calendar check, as Date.parse makes none), checked by the pattern alone (this runs for every record of a list).
const LEGACY_TIME = /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])) ((?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)$/;

/** Is the value a legacy time? */
export const isLegacyTime = (value: string): boolean => LEGACY_TIME.test(value);

/** '2025-10-28 10:00:00' → '2025-10-28T10:00:00Z'; null for anything that is not a legacy time. */
export function fromLegacyTime(value: string): string | null {
  const match = LEGACY_TIME.exec(value);
  return match ? `${match[1]}T${match[2]}Z` : null;
}
