// The dashboard's pipeline panel and the assessments table's pipeline slices (the insights capability: "Pipeline on
// the dashboard"): a funnel of the coach's own assessments added in a period (added → invited → started → completed
// → reports sent) and the ones that need a nudge, read from the legacy list records the copies hold. The panel
// counts with `inSlice` and the table filters with it, so a number of the panel is the number of rows its link shows.
import type { components as Bff } from '../../generated/bff.ts';
import type { components as Legacy } from '../../generated/legacy.ts';
import { problem } from '../problem.ts';
import { hasRegistered, isComplete, isInvited, isReceived, isReportSent, matchesFilter } from './pipeline.ts';

type LegacyAssessment = Legacy['schemas']['Assessment'];
export type PipelineStage = Bff['schemas']['PipelineStage'];
export type PipelinePeriod = Bff['schemas']['PipelinePeriod'];
type FunnelStep = Bff['schemas']['PipelineFunnelStep'];

/** The funnel's steps, in order; each holds the records of the next. */
export const FUNNEL_STAGES = ['added', 'invited', 'started', 'completed', 'reportsSent'] as const satisfies readonly PipelineStage[];
/** The "needs a nudge" groups, in the panel's order. */
export const NUDGE_STAGES = ['nudgeInvited', 'nudgeStarted', 'nudgeReport'] as const satisfies readonly PipelineStage[];

/** The records a panel reads: its period (days back from today), its project or company, today (UTC). */
export interface PipelineScope {
  days: PipelinePeriod;
  project?: string | undefined;
  company?: string | undefined;
  /** Today's date, 'YYYY-MM-DD' (UTC, as the legacy times are). */
  today: string;
}

/** One slice: a scope and a stage; a nudge stage waits `olderThan` days or more. */
export interface PipelineSlice extends PipelineScope {
  stage: PipelineStage;
  olderThan?: number | undefined;
}

const DAY_MS = 86_400_000;

/** The UTC date `days` before `today` ('YYYY-MM-DD'). */
export function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in UTC. */
export const utcToday = (now: number = Date.now()): string => new Date(now).toISOString().slice(0, 10);

/** The date part of a legacy time ('YYYY-MM-DD HH:MM:SS'); '' for none. */
const dateOf = (time: string | null): string => (time ? time.slice(0, 10) : '');

const same = (a: string | null, b: string): boolean => (a ?? '').trim().toLowerCase() === b;

/** The scope's test of a record, with its bounds computed once: own (not received), added in the period, its project or company. */
export function scopeTest(scope: PipelineScope): (a: LegacyAssessment) => boolean {
  // "The last 30 days": added today or on one of the 29 days before.
  const from = daysBefore(scope.today, scope.days - 1);
  const project = scope.project?.trim().toLowerCase();
  const company = scope.company?.trim().toLowerCase();
  return (a) =>
    !isReceived(a) &&
    dateOf(a.tokenCreatedAt) >= from &&
    (project === undefined || same(a.userCoach, project)) &&
    (company === undefined || same(a.clientCompany, company));
}

/** When the record's stage began, for a nudge: the date it was added (the list carries no invite date), started or completed. */
function nudgeSince(a: LegacyAssessment, stage: PipelineStage): string {
  if (stage === 'nudgeStarted') return dateOf(a.guestRegisteredAt) || dateOf(a.tokenCreatedAt);
  if (stage === 'nudgeReport') return dateOf(a.guestCompletedAt);
  return dateOf(a.tokenCreatedAt);
}

/** Whether a record of the scope is at a stage (the funnel's steps hold every record that went further). */
function atStage(a: LegacyAssessment, stage: PipelineStage, until: string): boolean {
  switch (stage) {
    case 'added':
      return true;
    case 'invited':
      return isInvited(a) || hasRegistered(a) || isComplete(a);
    case 'started':
      return hasRegistered(a) || isComplete(a);
    case 'completed':
      return isComplete(a);
    case 'reportsSent':
      return isComplete(a) && isReportSent(a);
    case 'nudgeInvited':
      return matchesFilter(a, 'invitedNotStarted') && nudgeSince(a, stage) <= until;
    case 'nudgeStarted':
      return matchesFilter(a, 'startedIncomplete') && nudgeSince(a, stage) <= until;
    case 'nudgeReport':
      return matchesFilter(a, 'completeSendReport') && nudgeSince(a, stage) <= until;
  }
}

/** The slice's test of a record (the assessments table's `stage` filter). */
export function sliceTest(slice: PipelineSlice): (a: LegacyAssessment) => boolean {
  const inScope = scopeTest(slice);
  const until = daysBefore(slice.today, slice.olderThan ?? 0);
  return (a) => inScope(a) && atStage(a, slice.stage, until);
}

/** A key naming the slice's rows (a remembered query of the table). */
export const sliceKey = (s: PipelineSlice): string =>
  [s.stage, s.days, s.today, s.olderThan ?? '', s.project?.trim().toLowerCase() ?? '', s.company?.trim().toLowerCase() ?? ''].join(
    '\u0001',
  );

/** Milliseconds of a legacy time, read without a parser (this runs for every record of a list). */
export function timeOf(time: string): number {
  return Date.UTC(
    Number(time.slice(0, 4)),
    Number(time.slice(5, 7)) - 1,
    Number(time.slice(8, 10)),
    Number(time.slice(11, 13)),
    Number(time.slice(14, 16)),
    Number(time.slice(17, 19)),
  );
}

/** The median of the values in days, one decimal; null for none. */
export function medianDays(spans: number[]): number | null {
  if (spans.length === 0) return null;
  const sorted = Float64Array.from(spans).sort();
  const middle = sorted.length >> 1;
  const ms = sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round((ms / DAY_MS) * 10) / 10;
}

export interface NudgeThresholds {
  invited: number;
  started: number;
  completed: number;
}

export interface PipelineFigures {
  funnel: FunnelStep[];
  nudges: { stage: (typeof NUDGE_STAGES)[number]; count: number; olderThan: number }[];
}

/** A day as a number (days since 1970-01-01, UTC) of a 'YYYY-MM-DD…' text; -1 for none. */
const dayOf = (date: string): number => (date ? Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS) : -1);

const STAGE_BITS: Readonly<Record<PipelineStage, number>> = {
  added: 1,
  invited: 2,
  started: 4,
  completed: 8,
  reportsSent: 16,
  nudgeInvited: 32,
  nudgeStarted: 64,
  nudgeReport: 128,
};

/**
 * A list's records as the panel counts them, made once per copy: each own record's stages (the nudges' without their
 * age), the days its added and nudge ages count from, its project and company as numbers, the spans the medians
 * read. A panel then counts 20,000 records with integer comparisons alone (the p50 goal: `npm run bench`).
 */
export interface PipelineIndex {
  size: number;
  stages: Uint8Array;
  added: Int32Array;
  since: { nudgeInvited: Int32Array; nudgeStarted: Int32Array; nudgeReport: Int32Array };
  project: Int32Array;
  company: Int32Array;
  /** Folded project and company names → their numbers (0: none). */
  projects: Map<string, number>;
  companies: Map<string, number>;
  toStart: Float64Array;
  toComplete: Float64Array;
}

export function pipelineIndex(all: readonly LegacyAssessment[]): PipelineIndex {
  const records = all.filter((a) => !isReceived(a));
  const size = records.length;
  const index: PipelineIndex = {
    size,
    stages: new Uint8Array(size),
    added: new Int32Array(size),
    since: { nudgeInvited: new Int32Array(size), nudgeStarted: new Int32Array(size), nudgeReport: new Int32Array(size) },
    project: new Int32Array(size),
    company: new Int32Array(size),
    projects: new Map(),
    companies: new Map(),
    toStart: new Float64Array(size).fill(Number.NaN),
    toComplete: new Float64Array(size).fill(Number.NaN),
  };
  const idOf = (names: Map<string, number>, name: string | null): number => {
    const key = (name ?? '').trim().toLowerCase();
    if (key === '') return 0;
    let id = names.get(key);
    if (id === undefined) {
      id = names.size + 1;
      names.set(key, id);
    }
    return id;
  };
  records.forEach((a, i) => {
    let bits = 0;
    for (const stage of FUNNEL_STAGES) if (atStage(a, stage, '')) bits |= STAGE_BITS[stage];
    // With no age asked ('9999' is after every date), a nudge stage is its pipeline filter.
    for (const stage of NUDGE_STAGES) {
      if (atStage(a, stage, '9999')) bits |= STAGE_BITS[stage];
      index.since[stage][i] = dayOf(nudgeSince(a, stage));
    }
    index.stages[i] = bits;
    index.added[i] = dayOf(a.tokenCreatedAt);
    index.project[i] = idOf(index.projects, a.userCoach);
    index.company[i] = idOf(index.companies, a.clientCompany);
    if (a.guestRegisteredAt) {
      index.toStart[i] = timeOf(a.guestRegisteredAt) - timeOf(a.tokenCreatedAt);
      if (a.guestCompletedAt) index.toComplete[i] = timeOf(a.guestCompletedAt) - timeOf(a.guestRegisteredAt);
    }
  });
  return index;
}

/**
 * The funnel and the nudges of a scope, in one pass over the index. The medians are the days between the dates the
 * list carries: added → started at the started step, started → completed at the completed step; the list carries no
 * invite or report-sent date, so those steps have none (docs/decisions/027-the-pipeline-reads-the-list-copies.md).
 */
export function pipelineFigures(index: PipelineIndex, scope: PipelineScope, thresholds: NudgeThresholds): PipelineFigures {
  const from = dayOf(daysBefore(scope.today, scope.days - 1));
  const today = dayOf(scope.today);
  // A name the copy does not hold matches nothing (-1).
  const project = scope.project === undefined ? 0 : (index.projects.get(scope.project.trim().toLowerCase()) ?? -1);
  const company = scope.company === undefined ? 0 : (index.companies.get(scope.company.trim().toLowerCase()) ?? -1);
  const until = {
    nudgeInvited: today - thresholds.invited,
    nudgeStarted: today - thresholds.started,
    nudgeReport: today - thresholds.completed,
  };
  const counts = new Map<PipelineStage, number>([...FUNNEL_STAGES, ...NUDGE_STAGES].map((stage) => [stage, 0]));
  const tally = new Int32Array(8);
  const toStart: number[] = [];
  const toComplete: number[] = [];
  for (let i = 0; i < index.size; i++) {
    if ((index.added[i] as number) < from) continue;
    if (project !== 0 && index.project[i] !== project) continue;
    if (company !== 0 && index.company[i] !== company) continue;
    const bits = index.stages[i] as number;
    for (let bit = 0; bit < 5; bit++) if (bits & (1 << bit)) (tally[bit] as number)++;
    if (bits & 32 && (index.since.nudgeInvited[i] as number) <= until.nudgeInvited) (tally[5] as number)++;
    if (bits & 64 && (index.since.nudgeStarted[i] as number) <= until.nudgeStarted) (tally[6] as number)++;
    if (bits & 128 && (index.since.nudgeReport[i] as number) <= until.nudgeReport) (tally[7] as number)++;
    const start = index.toStart[i] as number;
    if (!Number.isNaN(start)) toStart.push(start);
    const complete = index.toComplete[i] as number;
    if (!Number.isNaN(complete)) toComplete.push(complete);
  }
  [...FUNNEL_STAGES, ...NUDGE_STAGES].forEach((stage, bit) => {
    counts.set(stage, tally[bit] as number);
  });
  const medians: Partial<Record<PipelineStage, { days: number | null; from: FunnelStep['medianFrom'] }>> = {
    started: { days: medianDays(toStart), from: 'added' },
    completed: { days: medianDays(toComplete), from: 'started' },
  };
  let previous: number | null = null;
  const funnel = FUNNEL_STAGES.map((stage): FunnelStep => {
    const count = counts.get(stage) ?? 0;
    const conversion = previous === null || previous === 0 ? null : Math.round((count / previous) * 1000) / 1000;
    previous = count;
    const median = medians[stage];
    return { stage, count, conversion, medianDays: median?.days ?? null, medianFrom: median?.from ?? null };
  });
  const olderThan = { nudgeInvited: thresholds.invited, nudgeStarted: thresholds.started, nudgeReport: thresholds.completed };
  const nudges = NUDGE_STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0, olderThan: olderThan[stage] }));
  return { funnel, nudges };
}

/** The panel's thresholds when the coach has set none (the capability's: 7, 14 and 3 days). */
export const DEFAULT_THRESHOLDS: NudgeThresholds = { invited: 7, started: 14, completed: 3 };
const DEFAULT_OLDER_THAN = {
  nudgeInvited: DEFAULT_THRESHOLDS.invited,
  nudgeStarted: DEFAULT_THRESHOLDS.started,
  nudgeReport: DEFAULT_THRESHOLDS.completed,
} as const;

export const ONE_SCOPE = 'one_scope';

/** The scope of a query: a project or a company, not both (400 `one_scope`). */
export function scopeOf(
  query: { days?: PipelinePeriod | undefined; project?: string | undefined; company?: string | undefined },
  today: string,
): PipelineScope {
  const project = query.project?.trim() || undefined;
  const company = query.company?.trim() || undefined;
  if (project !== undefined && company !== undefined) {
    throw problem(400, ONE_SCOPE, 'Please choose a project or a company, not both.', 'Failed');
  }
  return { days: query.days ?? 90, project, company, today };
}

/** The table's slice of a list query (`stage` and its scope); undefined without a stage. */
export function sliceOf(
  query: {
    stage?: PipelineStage | undefined;
    days?: PipelinePeriod | undefined;
    project?: string | undefined;
    company?: string | undefined;
    olderThan?: number | undefined;
  },
  today: string = utcToday(),
): PipelineSlice | undefined {
  if (!query.stage) return undefined;
  const scope = scopeOf(query, today);
  const { stage } = query;
  const olderThan =
    stage in DEFAULT_OLDER_THAN ? (query.olderThan ?? DEFAULT_OLDER_THAN[stage as keyof typeof DEFAULT_OLDER_THAN]) : undefined;
  return { ...scope, stage, olderThan };
}
