// The insights panels' words and formats, written once (the panels, their tests and the browser tests read them).
import type { components } from '../../../../generated/bff.ts';
import { ASSESSMENT_TYPE_LABELS } from './assessments.ts';

type Schemas = components['schemas'];
export type CompletionKind = Schemas['CompletionKind'];
export type CreditsForecast = Schemas['CreditsForecast'];

export const INSIGHT_TITLES = {
  completions: 'Completions per week',
  credits: 'Credits used per month',
  team: 'The team at a glance',
} as const;

export const COMPLETION_KIND_LABELS: Readonly<Record<CompletionKind, string>> = { ...ASSESSMENT_TYPE_LABELS, mini: 'Mini-Assessment' };

/** The fill of each kind (global.css: one custom property a meaning). */
export const COMPLETION_KIND_COLORS: Readonly<Record<CompletionKind, string>> = {
  ennea: 'var(--color-chart-ennea)',
  EIT: 'var(--color-chart-maturity)',
  full: 'var(--color-chart-combined)',
  mini: 'var(--color-chart-ennea)',
};

export const WEEK_SPANS = [12, 26, 52] as const;

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** A week's axis label ("23 Nov") and its name ("Week of 23 November 2026"). */
export const weekLabel = (start: string): string => dayMonth.format(utc(start));
export const weekName = (start: string): string => `Week of ${dayMonthYear.format(utc(start))}`;
/** A month's axis label ("Nov") and its name ("November 2026"). */
export const monthLabel = (month: string): string => monthShort.format(utc(`${month}-01`));
export const monthName = (month: string): string => monthLong.format(utc(`${month}-01`));
/** A day in a sentence: "14 March 2027". */
export const dayName = (day: string): string => dayMonthYear.format(utc(day));

export const completedCount = (count: number): string => `${count} completed`;
export const creditCount = (count: number): string => `${count} ${count === 1 ? 'credit' : 'credits'}`;
export const memberCount = (count: number): string => `${count} ${count === 1 ? 'member' : 'members'}`;

/** The forecast in a sentence. */
export function forecastSentence(forecast: CreditsForecast, balance: number): string {
  if (forecast.kind === 'reachesZero' && forecast.reachesZeroOn !== null)
    return `At the last 90 days' rate (about ${creditCount(forecast.monthlyRate ?? 0)} a month) your balance reaches 0 around ${dayName(forecast.reachesZeroOn)}.`;
  if (forecast.kind === 'noRecentUse') return 'No credits were used in the last 90 days, so your balance holds.';
  const used = creditCount(forecast.usedSinceInvoice ?? 0);
  const since = forecast.lastInvoiceAt
    ? `since the last invoice on ${dayName(forecast.lastInvoiceAt.slice(0, 10))}`
    : 'since the history starts';
  return balance < 0
    ? `Your balance is a deficit of ${creditCount(-balance)}: ${used} used ${since}, to be invoiced.`
    : `Your balance is 0: ${used} used ${since}.`;
}

export const INSIGHT_EMPTY = {
  completions: 'No assessments were completed in these weeks.',
  credits: 'No credits were used in the last 12 months.',
  team: 'No member has completed an assessment yet.',
} as const;
