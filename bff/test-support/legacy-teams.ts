// A legacy team record (every field the legacy contract requires) for tests that answer as the legacy API: own,
// two members, no report requested, unless the fields say otherwise.
import type { components as Legacy } from '../../generated/legacy.ts';

export type LegacyTeam = Legacy['schemas']['Team'];

/** The n-th test team's uuid (the contract examples' 7ea70000-… series). */
export const legacyTeamId = (n: number) => `7ea70000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function legacyTeam(n: number, fields: Partial<LegacyTeam> = {}): LegacyTeam {
  return {
    id: 1000 + n,
    uuid: legacyTeamId(n),
    name: `Team ${n}`,
    description: null,
    coach: 'Project',
    memberCount: 2,
    createdAt: '2025-10-01 08:00:00',
    reportRequested: null,
    reportRequestedDisplay: 'Not Requested',
    reportDueDate: null,
    reportSuppliedAt: null,
    isReportAvailable: false,
    offerReportPDF: false,
    offerReportPPTX: false,
    duplicatedSourceId: null,
    scoReceivedFrom: null,
    scoGivenTo: [],
    teamReportNames: { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' },
    ...fields,
  };
}
