const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });
// A date of birth is a calendar date: formatted in UTC so that no time zone moves it a day.
const calendarDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A moment as the screens show it ("28 October 2025 at 09:15"); the text as given when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A calendar date ("3 May 1990"); the text as given when it is not a date. */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDate.format(date);
}
