// Language and instinct names are shared by several screens: lib/labels/.

// spec: public-and-guest §3 "Enneagram styles 1 to 9 in three centres".
const CENTRES: readonly { name: string; styles: readonly number[] }[] = [
  { name: 'gut', styles: [8, 9, 1] },
  { name: 'heart', styles: [2, 3, 4] },
  { name: 'head', styles: [5, 6, 7] },
];

export function styleLabel(style: number): string {
  const centre = CENTRES.find(({ styles }) => styles.includes(style));
  return centre ? `Style ${style} (${centre.name} centre)` : `Style ${style}`;
}

// spec: public-and-guest §9, 72 combined results.
export const COMBINED_RESULTS = 72;
export const MATURITY_STAGE_COUNT = 8;

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });
// A date of birth is a calendar date: formatted in UTC so that no time zone moves it a day.
const calendarDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDate.format(date);
}
