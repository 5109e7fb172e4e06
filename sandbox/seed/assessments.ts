// Clients and assessments of a coach across every pipeline state (spec assessments-and-clients §4.1, §4.2).
import { legacyDateTime } from '../domain/dates.ts';
import { scoreIMF } from '../domain/enneagram.ts';
import type { Rng as Prng } from '../domain/rng.ts';
import type { AssessmentLanguage, AssessmentRecord, AssessmentType, ClientRecord, Instinct, TokenType } from '../state/model.ts';
import { addAssessment, addClient, type Store } from '../state/store.ts';

const NAMES = [
  'Thabo',
  'Anika',
  'Kagiso',
  'Marta',
  'Jabu',
  'Elena',
  'Riaan',
  'Nomsa',
  'Katalin',
  'Lukas',
  'Palesa',
  'Sibusiso',
  'Ilse',
  'Tomáš',
];
const SURNAMES = [
  'Mabena',
  'Pretorius',
  'Sithole',
  'Novák',
  'Zulu',
  'Rossi',
  'Venter',
  'Ngcobo',
  'Szabó',
  'Fischer',
  'Molefe',
  'Dube',
  'de Wet',
];
const COMPANIES = ['Karoo Logistics', 'Table Bay Bank', 'Highveld Mining', null, 'Garden Route Health', 'Danube Software'];
const PROJECTS = ['Leadership 2026', 'Port Elizabeth Supervisors 2026', 'Graduate Intake', 'Executive Team', null];
const LANGUAGES: AssessmentLanguage[] = ['english', 'english', 'english', 'afrikaans', 'hungarian', 'slovak', 'zulu', 'italian'];
const TYPES: AssessmentType[] = ['ennea', 'ennea', 'EIT', 'full'];
const TOKEN_TYPES: TokenType[] = ['paid', 'paid', 'paid', 'paid', 'marketing', 'accreditation', 'retest', 'probono'];
const CENTRES = [
  [8, 9, 1],
  [2, 3, 4],
  [5, 6, 7],
];

/** The pipeline states the seed spreads assessments over; 'wrapped' is any state wrapped up by the coach. */
export const SEED_STAGES = ['notInvited', 'invited', 'reminded', 'started', 'inMarking', 'sendReport', 'reportSent', 'wrapped'] as const;
export type SeedStage = (typeof SEED_STAGES)[number];

const DAY = 86_400_000;

const emailLocalPart = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9.]/g, '');

export function seedClient(
  store: Store,
  prng: Prng,
  coachUuid: string,
  now: number,
  index: number,
  emailDomain = 'example.test',
): ClientRecord {
  const name = prng.pick(NAMES);
  const surname = prng.pick(SURNAMES);
  const client: ClientRecord = {
    uuid: prng.uuid(),
    coachUuid,
    name,
    surname,
    email: `${emailLocalPart(`${name}.${surname}.${index}`)}@${emailDomain}`,
    company: prng.pick(COMPANIES),
    otherData: prng.chance(0.2) ? 'Referred by the HR department' : null,
    createdAt: legacyDateTime(new Date(now - prng.int(30, 500) * DAY)),
  };
  addClient(store, client);
  return client;
}

/** Enneagram results: main type, a trifix with one type per centre (main first), instinct and a ranking (spec assessments-and-clients §3.6). */
export function enneagramResults(prng: Prng) {
  const main = prng.int(1, 9);
  const others = CENTRES.filter((centre) => !centre.includes(main)).map((centre) => prng.pick(centre));
  if (prng.chance(0.5)) others.reverse();
  const trifix = [main, ...others];
  const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((type) => !trifix.includes(type));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [rest[i], rest[j]] = [rest[j] as number, rest[i] as number];
  }
  const scores = [prng.int(50, 70), prng.int(25, 45), prng.int(5, 20)];
  const order: Instinct[] = prng.pick([
    ['SP', 'SO', 'SX'],
    ['SO', 'SX', 'SP'],
    ['SX', 'SP', 'SO'],
    ['SP', 'SX', 'SO'],
  ] as Instinct[][]);
  const score = (instinct: Instinct) => scores[order.indexOf(instinct)] ?? 0;
  return {
    userEnnea: main,
    orderedTriType: trifix.join(''),
    userTriType: [...trifix].sort().join(''),
    enneaRankingCSV: [...trifix, ...rest].join(','),
    userInstinct: order[0] ?? 'SP',
    scoreSP: score('SP'),
    scoreSO: score('SO'),
    scoreSX: score('SX'),
  };
}

export function seedAssessment(
  store: Store,
  prng: Prng,
  client: ClientRecord,
  now: number,
  stage: SeedStage,
  type: AssessmentType = prng.pick(TYPES),
): AssessmentRecord {
  const createdDaysAgo = prng.int(stage === 'notInvited' ? 1 : 20, 420);
  const at = (daysAgo: number) => legacyDateTime(new Date(now - daysAgo * DAY + prng.int(0, 36_000) * 1000));
  const invited = stage !== 'notInvited';
  const registered = ['started', 'inMarking', 'sendReport', 'reportSent', 'wrapped'].includes(stage);
  const completed = ['inMarking', 'sendReport', 'reportSent', 'wrapped'].includes(stage);
  const marked = completed && (type === 'ennea' || stage !== 'inMarking');
  const autoSend = prng.chance(0.25) ? (type === 'ennea' ? 'clientSummary' : 'clientSummary,imf') : '-';
  const ennea = completed && type !== 'EIT' ? enneagramResults(prng) : null;
  const finalTPR = marked && type !== 'ennea' ? prng.int(2, 7) : null;
  const reportSent = stage === 'reportSent' || (stage === 'wrapped' && prng.chance(0.7));
  const status = (applies: boolean) => (autoSend !== '-' && completed && applies ? prng.pick(['o', 's', 'd'] as const) : null);
  const assessment: AssessmentRecord = {
    uuid: prng.uuid(),
    clientUUID: client.uuid,
    userCoach: prng.pick(PROJECTS),
    coachUUID: client.coachUuid,
    assessmentType: type,
    assessmentLanguage: prng.pick(LANGUAGES),
    tokenType: prng.pick(TOKEN_TYPES),
    parentedHybrid: 0,
    userToken: prng.uuid().replaceAll('-', ''),
    userInvite: invited ? 1 : 0,
    reminded: stage === 'reminded' ? 1 : 0,
    userRegistration: registered ? 1 : 0,
    userCompletion: completed ? 1 : 0,
    finalTPR,
    marked: marked ? 1 : 0,
    userEnnea: ennea?.userEnnea ?? null,
    userTriType: ennea?.userTriType ?? null,
    orderedTriType: ennea?.orderedTriType ?? null,
    userInstinct: ennea?.userInstinct ?? null,
    // As the legacy list shows it, "Performing (PE)": the team page's maturity stages read the code.
    scoreIMF: finalTPR === null ? null : scoreIMF(finalTPR),
    scoreSP: ennea?.scoreSP ?? null,
    scoreSO: ennea?.scoreSO ?? null,
    scoreSX: ennea?.scoreSX ?? null,
    enneaRankingCSV: ennea?.enneaRankingCSV ?? null,
    reportsToAutoSend: autoSend,
    reportStatusEnnea: status(type !== 'EIT'),
    reportStatusMaturity: status(type !== 'ennea' && marked),
    userReport: reportSent ? 'sent' : null,
    coachWrappedUp: stage === 'wrapped' ? 1 : 0,
    tokenCreatedAt: at(createdDaysAgo),
    guestRegisteredAt: registered ? at(createdDaysAgo - 5) : null,
    guestCompletedAt: completed ? at(createdDaysAgo - 6) : null,
    guestUpdatedAt: registered ? at(createdDaysAgo - 6) : null,
    inviteHistory: [],
    reportHistory: [],
  };
  if (invited) {
    assessment.inviteHistory.push(historyEntry(at(createdDaysAgo - 1), client.email, false, null, prng));
    if (stage === 'reminded') assessment.inviteHistory.push(historyEntry(at(createdDaysAgo - 3), client.email, true, null, prng));
  }
  if (reportSent) {
    const reports = type === 'ennea' ? 'clientSummary,basic' : type === 'EIT' ? 'imf' : 'foundation';
    assessment.reportHistory.push(historyEntry(at(createdDaysAgo - 8), client.email, false, reports, prng));
  }
  addAssessment(store, assessment);
  return assessment;
}

function historyEntry(createdAt: string, email: string, isReminder: boolean, reportList: string | null, prng: Prng) {
  const viaServer = prng.chance(0.8);
  return {
    createdAt,
    sentViaServer: viaServer ? 1 : 0,
    isReminder: isReminder ? 1 : 0,
    inviteType: viaServer || reportList ? ('email' as const) : ('link' as const),
    destinationEmail: email,
    reportList,
  };
}

/**
 * `count` assessments for a coach, cycling through every stage so each pipeline filter has rows. The clients'
 * addresses are `<name>.<surname>.<n>@<emailDomain>`: unique within the coach, and across coaches given a domain each.
 */
export function seedAssessments(
  store: Store,
  prng: Prng,
  coachUuid: string,
  count: number,
  now: number,
  emailDomain = 'example.test',
): AssessmentRecord[] {
  const seeded: AssessmentRecord[] = [];
  let index = 0;
  while (seeded.length < count) {
    const client = seedClient(store, prng, coachUuid, now, index++, emailDomain);
    const stage = SEED_STAGES[seeded.length % SEED_STAGES.length] ?? 'notInvited';
    seeded.push(seedAssessment(store, prng, client, now, stage));
    // Every tenth client also has the other half of a Combined report waiting to be combined (spec §5 Combine).
    if (index % 10 === 0 && seeded.length < count) {
      const first = seeded.at(-1);
      if (first?.guestCompletedAt && first.assessmentType !== 'full') {
        seeded.push(seedAssessment(store, prng, client, now, 'sendReport', first.assessmentType === 'ennea' ? 'EIT' : 'ennea'));
      }
    }
  }
  return seeded;
}
