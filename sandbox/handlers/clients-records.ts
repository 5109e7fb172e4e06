// New clients and assessments as the legacy server creates them, and the charge an assessment costs
// (spec assessments-and-clients §3.1, §3.2, §5 "Add client and assessment", §9: Combined 3, Maturity 2, Enneagram 1).
import { randomBytes } from 'node:crypto';
import { assessmentCost, transactionDescription } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { recordBalance } from '../state/ledger.ts';
import type { AssessmentRecord, AssessmentType, ClientRecord, CoachRecord } from '../state/model.ts';
import { addAssessment, addClient, clientAssessments, type Store } from '../state/store.ts';
import { badRequest } from './context.ts';

export const LEVEL_ONE_TYPES_REFUSED = 'Your accreditation level allows only the Enneagram assessment.';
export const COMPLETED_CLIENT_LOCKED = 'The assessment is complete - name, surname and email can no longer be changed.';

export function createClientRecord(
  store: Store,
  coachUuid: string,
  fields: { name: string; surname: string; email: string; company?: string | null; otherData?: string | null },
  now: number,
): ClientRecord {
  const client: ClientRecord = {
    uuid: crypto.randomUUID(),
    coachUuid,
    name: fields.name.trim(),
    surname: fields.surname.trim(),
    email: fields.email.trim(),
    company: fields.company?.trim() || null,
    otherData: fields.otherData?.trim() || null,
    createdAt: legacyDateTime(new Date(now)),
  };
  addClient(store, client);
  return client;
}

export const ownClients = (store: Store, coachUuid: string): ClientRecord[] =>
  [...store.clients.values()].filter((client) => client.coachUuid === coachUuid);

/** spec §5: coach levels 0 and 1 have Maturity and Full disabled. */
export function checkTypeAllowed(coach: CoachRecord, type: AssessmentType): void {
  if (coach.accreditationLevel <= 1 && type !== 'ennea') throw badRequest(LEVEL_ONE_TYPES_REFUSED);
}

export type NewAssessment = Pick<AssessmentRecord, 'assessmentType' | 'assessmentLanguage' | 'tokenType'> &
  Partial<Omit<AssessmentRecord, 'uuid' | 'clientUUID' | 'coachUUID'>>;

/** A fresh token: not invited, not registered, no results; `fields` may fill in results (imports, combine). */
export function createAssessmentRecord(store: Store, client: ClientRecord, fields: NewAssessment, now: number): AssessmentRecord {
  const assessment: AssessmentRecord = {
    uuid: crypto.randomUUID(),
    clientUUID: client.uuid,
    coachUUID: client.coachUuid,
    userCoach: null,
    parentedHybrid: 0,
    userToken: randomBytes(16).toString('hex'),
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
    tokenCreatedAt: legacyDateTime(new Date(now)),
    guestRegisteredAt: null,
    guestCompletedAt: null,
    guestUpdatedAt: null,
    inviteHistory: [],
    reportHistory: [],
    ...fields,
  };
  addAssessment(store, assessment);
  return assessment;
}

/** Billable assessments charge the coach their cost (deleting one before registration credits it back). */
export function chargeAssessment(store: Store, assessment: AssessmentRecord, client: ClientRecord, now: number): void {
  if (assessment.tokenType !== 'paid') return;
  const description = transactionDescription.assessmentAdded(assessment.assessmentType, `${client.name} ${client.surname}`);
  recordBalance(store, assessment.coachUUID, -assessmentCost(assessment.assessmentType), description, now);
}

export const hasCompletedAssessment = (store: Store, clientUuid: string): boolean =>
  clientAssessments(store, clientUuid).some((assessment) => assessment.guestCompletedAt !== null);
