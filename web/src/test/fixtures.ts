// Records the component tests build the fake BFF's answers from, so that each test writes only what it is about.
import type { components } from '../../../generated/bff.ts';

type AssessmentRow = components['schemas']['AssessmentRow'];
type TeamRow = components['schemas']['TeamRow'];
type TeamDetail = components['schemas']['TeamDetail'];

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The n-th assessment's id, its client's and the n-th team's. */
export const assessmentId = (n: number) => uuid('a55e55e0', n);
export const clientId = (n: number) => uuid('c1e00000', n);
export const teamId = (n: number) => uuid('7ea70000', n);

/**
 * The n-th row of the assessments list: `name` is the client's name and surname; an own, paid, unwrapped Enneagram
 * assessment not yet invited, with every permission and no report, unless `extra` says otherwise.
 */
export function assessmentRow(n: number, name: string, extra: Partial<AssessmentRow> = {}): AssessmentRow {
  const [clientName = name, clientSurname = ''] = name.split(' ');
  return {
    id: assessmentId(n),
    clientId: clientId(n),
    clientName,
    clientSurname,
    clientEmail: `${clientName.toLowerCase()}@example.com`,
    company: 'Karoo Logistics',
    project: 'Leadership Programme 2025',
    assessmentType: 'ennea',
    language: 'english',
    tokenType: 'paid',
    createdAt: '2025-09-01T08:15:00Z',
    inviteState: 'notInvited',
    markingState: 'notMarked',
    reportSent: false,
    reportsToAutoSend: [],
    wrapped: false,
    receivedFromAnotherCoach: false,
    toCoaches: [],
    availableReports: { pdf: [], html: [], awaitingMarking: [] },
    permissions: { canEdit: true, canDelete: true, canWrap: true, canAssignSco: true, canInvite: true },
    ...extra,
  };
}

/** Bence Kovács's invited assessment (the third), as the add and import dialogs' tests select it. */
export const BENCE_ROW: AssessmentRow = assessmentRow(3, 'Bence Kovács', {
  clientEmail: 'bence.kovacs@danube-analytics.hu',
  company: 'Danube Analytics',
  project: 'Danube Analytics Onboarding',
  language: 'hungarian',
  createdAt: '2025-08-20T12:00:00Z',
  inviteState: 'invited',
});

/**
 * The n-th row of the teams list (n below 10: the day of its October creation): a team of four in Kgosi Mining
 * Leadership with no report asked for, neither given nor received, unless `extra` says otherwise.
 */
export function teamRow(n: number, name: string, extra: Partial<TeamRow> = {}): TeamRow {
  return {
    id: teamId(n),
    name,
    description: `${name} description`,
    project: 'Kgosi Mining Leadership',
    memberCount: 4,
    createdAt: `2025-10-0${n}T08:00:00Z`,
    reportState: 'notRequested',
    reportRequested: null,
    reportRequestedDisplay: null,
    reportDueDate: null,
    reportSuppliedAt: null,
    reportStatusText: '-',
    reportDownloads: [],
    duplicatedSourceId: null,
    isReceived: false,
    receivedFrom: null,
    givenTo: [],
    canDuplicate: false,
    suggestedDuplicateName: `${name} October 2025`,
    ...extra,
  };
}

/**
 * The team page's record of `team`: no members, one leader counted, open to a report of any type at 4 credits, due
 * from 2025-11-01, unless `extra` says otherwise.
 */
export function teamDetail(team: TeamRow, extra: Partial<TeamDetail> = {}): TeamDetail {
  return {
    team,
    members: [],
    leaderCount: 1,
    membersLocked: false,
    canRequestReport: true,
    canCancelReport: false,
    allowedReportTypes: ['Ennea', 'IMf', 'Full'],
    dueDateMin: '2025-11-01',
    dueDateMax: '2999-12-31',
    charge: { message: 'This report costs 4 credits.', isFreeOfCharge: false },
    ...extra,
  };
}

/** The dashboard pipeline panel's figures (90 days, the default thresholds), unless `extra` says otherwise. */
export function pipelineInsights(
  extra: Partial<components['schemas']['PipelineInsights']> = {},
): components['schemas']['PipelineInsights'] {
  return {
    offering: 'assessments',
    days: 90,
    today: '2026-11-29',
    funnel: [
      { stage: 'added', count: 120, conversion: null, medianDays: null, medianFrom: null },
      { stage: 'invited', count: 104, conversion: 0.867, medianDays: null, medianFrom: null },
      { stage: 'started', count: 71, conversion: 0.683, medianDays: 5.2, medianFrom: 'added' },
      { stage: 'completed', count: 52, conversion: 0.732, medianDays: 1.1, medianFrom: 'started' },
      { stage: 'reportsSent', count: 30, conversion: 0.577, medianDays: null, medianFrom: null },
    ],
    nudges: [
      { stage: 'nudgeInvited', count: 18, olderThan: 7 },
      { stage: 'nudgeStarted', count: 0, olderThan: 14 },
      { stage: 'nudgeReport', count: 12, olderThan: 3 },
    ],
    projects: ['Leadership Programme 2025'],
    companies: ['Karoo Logistics'],
    ...extra,
  };
}

/** A mini-only coach's pipeline (their mini-assessments: started → completed, one nudge). */
export function miniPipelineInsights(): components['schemas']['PipelineInsights'] {
  return pipelineInsights({
    offering: 'mini',
    funnel: [
      { stage: 'started', count: 8, conversion: null, medianDays: null, medianFrom: null },
      { stage: 'completed', count: 6, conversion: 0.75, medianDays: 0.2, medianFrom: 'started' },
    ],
    nudges: [{ stage: 'nudgeStarted', count: 2, olderThan: 14 }],
    projects: [],
    companies: [],
  });
}
