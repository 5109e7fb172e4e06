// The legacy API writes times as 'YYYY-MM-DD HH:MM:SS' with no zone; the contract's date-times are RFC 3339.
// The legacy servers keep UTC (the spec names no other zone), so the time is read as UTC.
const LEGACY_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/** '2025-10-28 10:00:00' → '2025-10-28T10:00:00Z'; null for anything that is not a legacy time. */
export function fromLegacyTime(value: string): string | null {
  const match = LEGACY_TIME.exec(value);
  if (!match) return null;
  const iso = `${match[1]}T${match[2]}Z`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}
