// The demo coach's teams, pairs, SCOs, messages, policies, balance history and mini-assessments.
import { assessmentCost, balanceTransaction, charge, transactionDescription } from '../domain/credits.ts';
import { legacyDate, legacyDateTime } from '../domain/dates.ts';
import type { Rng as Prng } from '../domain/rng.ts';
import type { AssessmentRecord, TeamRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import { SEED_COACHES } from './accounts.ts';
import { enneagramResults } from './assessments.ts';

const DAY = 86_400_000;
const at = (now: number, daysAgo: number) => legacyDateTime(new Date(now - daysAgo * DAY));

/** Teams in each report state: not requested, requested (due), available, and one received through SCO. */
export function seedTeams(store: Store, prng: Prng, coachUuid: string, assessments: AssessmentRecord[], now: number): void {
  const completed = assessments.filter((a) => a.guestCompletedAt !== null);
  // Invited and not completed yet: the members a team at a glance names as still to complete.
  const incomplete = assessments.filter((a) => a.guestCompletedAt === null && a.userInvite === 1);
  // Five members each; the teams whose report is not supplied yet have some still to complete (`pending`).
  const states = [
    { name: 'Finance Leadership', report: null, supplied: false, failed: false, pending: 2 },
    { name: 'Operations Supervisors', report: 'Ennea', supplied: false, failed: false, pending: 1 },
    { name: 'Executive Committee', report: 'Full', supplied: true, failed: false, pending: 0 },
    { name: 'Sales Team North', report: 'IMf', supplied: true, failed: false, pending: 0 },
    // Supplied, but the legacy system could not generate its report: a download names the failure (spec coach-shell §8).
    { name: 'Marketing Team', report: 'Ennea', supplied: true, failed: true, pending: 0 },
  ] as const;
  let pendingUsed = 0;
  for (const [index, state] of states.entries()) {
    const team: TeamRecord = {
      id: store.nextTeamId++,
      uuid: prng.uuid(),
      coachUuid,
      name: state.name,
      description: `${state.name} development programme`,
      coach: 'Leadership 2026',
      createdAt: at(now, 90 - index * 10),
      reportRequested: state.report,
      reportDueDate: state.report ? legacyDate(new Date(now + (state.supplied ? -20 : 5) * DAY)) : null,
      reportSuppliedAt: state.supplied ? at(now, 21) : null,
      duplicatedSourceId: null,
      scoGivenTo: [],
      failedReport: state.failed,
    };
    store.teams.set(team.uuid, team);
    const done = completed.slice(index * 5, index * 5 + 5 - state.pending);
    const waiting = incomplete.slice(pendingUsed, pendingUsed + state.pending);
    pendingUsed += waiting.length;
    for (const [position, member] of [...done, ...waiting].entries()) {
      store.teamMembers.push({
        teamUuid: team.uuid,
        assessmentUuid: member.uuid,
        isTeamLeader: position === 0 ? 1 : 0,
        memberComments: null,
      });
    }
  }
}

export function seedCouples(store: Store, prng: Prng, coachUuid: string, assessments: AssessmentRecord[], now: number): void {
  const completed = assessments.filter((a) => a.guestCompletedAt !== null);
  const pairs = [
    { type: 'Romance', supplied: true, sent: true },
    { type: 'Workplace', supplied: true, sent: false },
    { type: 'Romance', supplied: false, sent: false },
  ] as const;
  for (const [index, pair] of pairs.entries()) {
    const first = completed[40 + index * 2];
    const second = completed[41 + index * 2];
    if (!first || !second) return;
    const uuid = prng.uuid();
    store.couples.set(uuid, {
      uuid,
      coachUuid,
      assessmentUuids: [first.uuid, second.uuid],
      coupleType: pair.type,
      tokenType: 'paid',
      reportDueDate: legacyDate(new Date(now + (pair.supplied ? -10 : 3) * DAY)),
      reportSuppliedAt: pair.supplied ? at(now, 12) : null,
      reportSentAt: pair.sent ? at(now, 11) : null,
      updatedAt: at(now, 11),
    });
  }
}

/** SCOs: the demo coach gives a few assessments to the peer coach and receives a few from them (spec assessments-and-clients §4.7). */
export function seedScos(store: Store, demo: AssessmentRecord[], peer: AssessmentRecord[], now: number): void {
  for (const assessment of demo.slice(60, 64)) {
    store.scoGrants.push({
      assessmentUuid: assessment.uuid,
      fromCoachUuid: SEED_COACHES.demo.uuid,
      toCoachUuid: SEED_COACHES.peer.uuid,
      createdAt: at(now, 30),
    });
  }
  for (const assessment of peer.slice(0, 6)) {
    store.scoGrants.push({
      assessmentUuid: assessment.uuid,
      fromCoachUuid: SEED_COACHES.peer.uuid,
      toCoachUuid: SEED_COACHES.demo.uuid,
      createdAt: at(now, 25),
    });
  }
}

export function seedMessages(store: Store, prng: Prng, coachUuid: string, now: number): void {
  const messages = [
    {
      subject: 'Welcome to the new coach portal',
      body: '<p>The portal has a new look. Your data is where you left it.</p>',
      days: 60,
      read: true,
      ack: false,
    },
    {
      subject: 'Team reports now offered as PowerPoint',
      body: '<p>Team reports can now be downloaded as PPTX as well as PDF.</p>',
      days: 6,
      read: false,
      ack: false,
    },
    {
      subject: 'Planned maintenance on Saturday',
      body: '<p>The portal will be unavailable on Saturday from 06:00 to 08:00 SAST.</p>',
      days: 1,
      read: false,
      ack: true,
    },
  ];
  for (const message of messages) {
    store.messages.push({
      uuid: prng.uuid(),
      coachUuid,
      subject: message.subject,
      body: message.body,
      updatedAt: at(now, message.days),
      acknowledged: message.read,
      needsAck: message.ack,
    });
  }
}

export const SEED_POLICY = { uuid: '90110000-0000-4000-8000-000000000001' } as const;

export function seedPolicies(store: Store, now: number): void {
  store.policies.set(SEED_POLICY.uuid, {
    uuid: SEED_POLICY.uuid,
    title: 'Code of Conduct for Accredited Practitioners',
    code: 'COC-2025',
    content:
      '<h2>Code of Conduct for Accredited Practitioners</h2><p>As an accredited practitioner I will keep client results confidential.</p>',
    welcomeMessage: {
      beforeSigning: '<p>Please read the Code of Conduct below and sign it.</p>',
      afterSigning: '<p>Thank you. Your signed Code of Conduct is on file.</p>',
    },
    ackMethod: 'sign',
    extraFields: [
      { name: 'practiceRegistrationNumber', caption: 'Practice registration number (if any)' },
      { name: 'supervisorName', caption: 'Name of your supervisor' },
    ],
    providerTypedName: 'Johan van der Merwe',
    providerSignedAtLocal: '2025-10-01 09:00',
  });
  store.policies.set('90110000-0000-4000-8000-000000000002', {
    uuid: '90110000-0000-4000-8000-000000000002',
    title: 'Privacy Notice',
    code: 'PRIV-2025',
    content: '<h2>Privacy Notice</h2><p>How client data is processed and kept.</p>',
    welcomeMessage: { beforeSigning: '<p>Please accept the privacy notice.</p>', afterSigning: '<p>Thank you for accepting.</p>' },
    ackMethod: 'click',
    extraFields: [],
    providerTypedName: 'Johan van der Merwe',
    providerSignedAtLocal: '2025-09-01 09:00',
  });
  for (const coach of store.coaches.values()) {
    store.policyAssignments.push({
      policyUuid: SEED_POLICY.uuid,
      coachUuid: coach.uuid,
      dueAt: legacyDate(new Date(now + 14 * DAY)),
      coachTypedName: null,
      coachTypedDate: null,
      coachSignedAt: null,
      extraFieldValues: [],
    });
  }
}

/**
 * Balance history (spec coach-shell §2.9): a bulk purchase, then a charge per paid assessment that runs the balance
 * negative, and over the last year a pay-as-you-go invoice on the first of each month that pays the month before's
 * deficit, so the history holds a year of monthly invoices and the balance now is this month's use.
 */
export function seedBalance(store: Store, coachUuid: string, assessments: AssessmentRecord[], now: number): void {
  let balance = 0;
  const push = (entry: ReturnType<typeof charge>) => {
    balance = entry.balance;
    store.balance.push({ ...entry, coachUuid });
  };
  const start = new Date(now - 400 * DAY);
  push(balanceTransaction(balance, 20, transactionDescription.creditsPurchased(20), start));
  const firstInvoice = now - 365 * DAY;
  let nextMonth = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  /** The invoices of the months that ended by `time`, each at 08:00 on the 1st. */
  const invoiceUntil = (time: number) => {
    for (; nextMonth <= time; nextMonth = Date.UTC(new Date(nextMonth).getUTCFullYear(), new Date(nextMonth).getUTCMonth() + 1, 1)) {
      if (nextMonth < firstInvoice || balance >= 0) continue;
      const month = new Date(nextMonth - DAY).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      push(balanceTransaction(balance, -balance, transactionDescription.monthlyInvoice(month), new Date(nextMonth + 8 * 3_600_000)));
    }
  };
  const sorted = [...assessments].sort((a, b) => a.tokenCreatedAt.localeCompare(b.tokenCreatedAt));
  for (const assessment of sorted) {
    if (assessment.tokenType !== 'paid') continue;
    const client = store.clients.get(assessment.clientUUID);
    const when = new Date(`${assessment.tokenCreatedAt.replace(' ', 'T')}Z`);
    invoiceUntil(when.getTime());
    push(
      charge(
        balance,
        assessmentCost(assessment.assessmentType),
        transactionDescription.assessmentAdded(assessment.assessmentType, `${client?.name} ${client?.surname}`),
        when,
      ),
    );
  }
  invoiceUntil(now);
}

export function seedMiniAssessments(store: Store, prng: Prng, coachUuid: string, count: number, now: number): void {
  const languages = ['english', 'slovak', 'hungarian'] as const;
  for (let i = 0; i < count; i++) {
    const done = i % 4 !== 3;
    const results = enneagramResults(prng);
    const uniqueId = prng.uuid();
    store.miniAssessments.set(uniqueId, {
      uniqueId,
      coachUuid,
      createdAt: at(now, 40 - i),
      localLanguage: languages[i % 3] ?? 'english',
      name: ['Eva', 'Martin', 'Réka', 'Peter'][i % 4] ?? 'Eva',
      surname: ['Horváth', 'Kováč', 'Tóth', 'Smith'][i % 4] ?? 'Smith',
      email: `mini.guest.${i}@example.test`,
      section2CompletedAt: done ? at(now, 40 - i) : null,
      ennea: done ? results.userEnnea : null,
      trifix: done ? results.orderedTriType : null,
      responses: done ? { q1: 'A', q2: 'B', q3: 'C', q4: 'A' } : { q1: 'A', q2: 'B', q3: 'C' },
    });
  }
}

/**
 * The record labels the pipeline never sets (spec assessments-and-clients §3.1 tokenType): a self-registered
 * assessment (its project is hidden from the project pickers, §5 "Field limits"), imported results and a
 * combined (hybrid) record, so every column and label of the table has a row at the demo coach.
 */
export function seedRecordLabels(demo: AssessmentRecord[]): void {
  // A self-registered Enneagram (spec §9), never the first uninvited one (the tests' ordinary invite).
  const uninvited = demo.filter((a) => a.userInvite === 0 && a.assessmentType === 'ennea');
  const selfRegistered = uninvited.length > 1 ? uninvited.at(-1) : undefined;
  if (selfRegistered) Object.assign(selfRegistered, { tokenType: 'selfRegister', userCoach: 'Self-registration' });
  const imported = demo.find((a) => a.assessmentType === 'ennea' && a.guestCompletedAt !== null && a.tokenType === 'paid');
  if (imported) imported.tokenType = 'importResults';
  const combined = demo.find((a) => a.assessmentType === 'full' && a.marked === 1 && a.guestCompletedAt !== null);
  if (combined) Object.assign(combined, { tokenType: 'hybrid', parentedHybrid: 1 });
}
