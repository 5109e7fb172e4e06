// A legacy assessment record (every field the legacy contract requires) for tests that answer as the
// legacy API: the demo coach's, not invited, unless the fields say otherwise.
import type { components as Legacy } from '../../generated/legacy.ts';
import { LEGACY_COACH_ID } from './session-fixtures.ts';

export type LegacyAssessment = Legacy['schemas']['Assessment'];
type Row = LegacyAssessment;

/** The n-th test assessment's uuid (the contract examples' a55e55e0-… series). */
export const legacyAssessmentId = (n: number) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function legacyAssessment(n: number, fields: Partial<Row> = {}): Row {
  return {
    uuid: legacyAssessmentId(n),
    clientUUID: `c1e00000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    clientName: `Client${n}`,
    clientSurname: `Person${n}`,
    clientEmail: `client${n}@example.test`,
    clientCompany: null,
    otherData: null,
    userCoach: 'Project',
    coachName: 'Amara',
    coachSurname: 'Botha',
    coachUUID: LEGACY_COACH_ID,
    assessmentType: 'ennea',
    assessmentLanguage: 'english',
    tokenType: 'paid',
    parentedHybrid: 0,
    userToken: `token${n}`,
    userInvite: 0,
    reminded: 0,
    userRegistration: 0,
    userCompletion: 0,
    finalTPR: null,
    marked: 0,
    userEnnea: null,
    userTriType: null,
    orderedTriType: null,
    userInstinct: null,
    scoreIMF: null,
    scoreSP: null,
    scoreSO: null,
    scoreSX: null,
    enneaRankingCSV: null,
    reportsToAutoSend: '-',
    reportStatusEnnea: null,
    reportStatusMaturity: null,
    userReport: null,
    coachWrappedUp: 0,
    fromAnotherCoach: 0,
    scoGivenTo: [],
    scoReceivedFrom: null,
    tokenCreatedAt: '2025-10-01 09:00:00',
    guestRegisteredAt: null,
    guestCompletedAt: null,
    guestUpdatedAt: null,
    ...fields,
  };
}

/** The n-th test assessment, completed and marked (registered and completed on 2 October 2025). */
export const completedLegacyAssessment = (n: number, fields: Partial<Row> = {}): Row =>
  legacyAssessment(n, {
    userInvite: 1,
    userRegistration: 1,
    userCompletion: 1,
    marked: 1,
    guestRegisteredAt: '2025-10-02 09:00:00',
    guestCompletedAt: '2025-10-02 10:00:00',
    ...fields,
  });
