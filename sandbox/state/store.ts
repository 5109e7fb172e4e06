// The sandbox's whole state: plain maps plus the few indexes the handlers look up by.
import type {
  AssessmentRecord,
  AssistantRecord,
  BalanceRecord,
  CheckoutRecord,
  ClientRecord,
  CoachRecord,
  CoupleRecord,
  LeftMessage,
  MessageRecord,
  MiniAssessmentRecord,
  OutboxEmail,
  PayPalOrderRecord,
  PayPalToken,
  PolicyAssignment,
  PolicyRecord,
  ResetCode,
  ScheduledWork,
  ScoGrant,
  SessionRecord,
  TeamMemberRecord,
  TeamRecord,
  TemplateOverride,
} from './model.ts';

export interface Store {
  coaches: Map<string, CoachRecord>;
  assistants: Map<string, AssistantRecord>;
  sessions: Map<string, SessionRecord>;
  clients: Map<string, ClientRecord>;
  assessments: Map<string, AssessmentRecord>;
  scoGrants: ScoGrant[];
  teams: Map<string, TeamRecord>;
  teamMembers: TeamMemberRecord[];
  couples: Map<string, CoupleRecord>;
  messages: MessageRecord[];
  policies: Map<string, PolicyRecord>;
  policyAssignments: PolicyAssignment[];
  templateOverrides: TemplateOverride[];
  balance: BalanceRecord[];
  leftMessages: LeftMessage[];
  checkouts: Map<string, CheckoutRecord>;
  miniAssessments: Map<string, MiniAssessmentRecord>;
  resetCodes: Map<string, ResetCode>;
  outbox: OutboxEmail[];
  /** The PayPal stand-in's orders by id, and its access tokens. */
  payPalOrders: Map<string, PayPalOrderRecord>;
  payPalTokens: Map<string, PayPalToken>;
  /** Work due at a sandbox-clock time, keyed `kind:id` (state/scheduled.ts). */
  scheduled: Map<string, ScheduledWork>;
  /** Index: lower-cased e-mail → coach uuid. */
  coachByEmail: Map<string, string>;
  /** Index: lower-cased e-mail → assistant uuid. */
  assistantByEmail: Map<string, string>;
  /** Index: coach uuid → uuids of the coach's own assessments, in insertion order. */
  assessmentsByCoach: Map<string, Set<string>>;
  /** Index: client uuid → uuids of the client's assessments. */
  assessmentsByClient: Map<string, Set<string>>;
  nextTeamId: number;
  nextCoachId: number;
}

export function createStore(): Store {
  return {
    coaches: new Map(),
    assistants: new Map(),
    sessions: new Map(),
    clients: new Map(),
    assessments: new Map(),
    scoGrants: [],
    teams: new Map(),
    teamMembers: [],
    couples: new Map(),
    messages: [],
    policies: new Map(),
    policyAssignments: [],
    templateOverrides: [],
    balance: [],
    leftMessages: [],
    checkouts: new Map(),
    miniAssessments: new Map(),
    resetCodes: new Map(),
    outbox: [],
    payPalOrders: new Map(),
    payPalTokens: new Map(),
    scheduled: new Map(),
    coachByEmail: new Map(),
    assistantByEmail: new Map(),
    assessmentsByCoach: new Map(),
    assessmentsByClient: new Map(),
    nextTeamId: 1,
    nextCoachId: 1,
  };
}

export function addCoach(store: Store, coach: CoachRecord): void {
  store.coaches.set(coach.uuid, coach);
  store.coachByEmail.set(coach.email.toLowerCase(), coach.uuid);
  store.nextCoachId = Math.max(store.nextCoachId, coach.id + 1);
}

/** Changes a coach's e-mail, keeping the index right. */
export function setCoachEmail(store: Store, coach: CoachRecord, email: string): void {
  store.coachByEmail.delete(coach.email.toLowerCase());
  coach.email = email;
  store.coachByEmail.set(email.toLowerCase(), coach.uuid);
}

export function addAssistant(store: Store, assistant: AssistantRecord): void {
  store.assistants.set(assistant.uuid, assistant);
  store.assistantByEmail.set(assistant.email.toLowerCase(), assistant.uuid);
}

export function setAssistantEmail(store: Store, assistant: AssistantRecord, email: string): void {
  store.assistantByEmail.delete(assistant.email.toLowerCase());
  assistant.email = email;
  store.assistantByEmail.set(email.toLowerCase(), assistant.uuid);
}

export function addClient(store: Store, client: ClientRecord): void {
  store.clients.set(client.uuid, client);
}

export function addAssessment(store: Store, assessment: AssessmentRecord): void {
  store.assessments.set(assessment.uuid, assessment);
  indexSet(store.assessmentsByCoach, assessment.coachUUID).add(assessment.uuid);
  indexSet(store.assessmentsByClient, assessment.clientUUID).add(assessment.uuid);
}

export function removeAssessment(store: Store, uuid: string): void {
  const assessment = store.assessments.get(uuid);
  if (!assessment) return;
  store.assessments.delete(uuid);
  store.assessmentsByCoach.get(assessment.coachUUID)?.delete(uuid);
  store.assessmentsByClient.get(assessment.clientUUID)?.delete(uuid);
  store.scoGrants = store.scoGrants.filter((grant) => grant.assessmentUuid !== uuid);
  store.teamMembers = store.teamMembers.filter((member) => member.assessmentUuid !== uuid);
}

export function coachByEmail(store: Store, email: string): CoachRecord | undefined {
  const uuid = store.coachByEmail.get(email.toLowerCase());
  return uuid === undefined ? undefined : store.coaches.get(uuid);
}

export function assistantByEmail(store: Store, email: string): AssistantRecord | undefined {
  const uuid = store.assistantByEmail.get(email.toLowerCase());
  return uuid === undefined ? undefined : store.assistants.get(uuid);
}

export function ownAssessments(store: Store, coachUuid: string): AssessmentRecord[] {
  const uuids = store.assessmentsByCoach.get(coachUuid) ?? new Set<string>();
  return [...uuids].flatMap((uuid) => store.assessments.get(uuid) ?? []);
}

export function clientAssessments(store: Store, clientUuid: string): AssessmentRecord[] {
  const uuids = store.assessmentsByClient.get(clientUuid) ?? new Set<string>();
  return [...uuids].flatMap((uuid) => store.assessments.get(uuid) ?? []);
}

function indexSet(index: Map<string, Set<string>>, key: string): Set<string> {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  return set;
}
