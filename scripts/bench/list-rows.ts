// The benchmark's assessment lists: `rows` legacy records (openapi/legacy.yaml Assessment) spread over every
// pipeline state, type and result, built without randomness so each run reads the same list. A coach id
// carries its list size (`rowsCoachId(20000)`), so one stand-in serves lists of every size.
const NAMES = ['Thabo', 'Anika', 'Kagiso', 'Marta', 'Jabu', 'Elena', 'Riaan', 'Nomsa', 'Katalin', 'Tomáš'];
const SURNAMES = ['Mabena', 'Pretorius', 'Sithole', 'Novák', 'Zulu', 'Rossi', 'Venter', 'Szabó', 'de Wet'];
const COMPANIES = ['Karoo Logistics', 'Table Bay Bank', null, 'Danube Software'];
const PROJECTS = ['Leadership 2026', 'Graduate Intake', 'Executive Team', null];
const TYPES = ['ennea', 'ennea', 'EIT', 'full'] as const;
const LANGUAGES = ['english', 'afrikaans', 'hungarian', 'slovak', 'zulu'] as const;

const hex = (n: number) => n.toString(16).padStart(12, '0');
/** The coach whose list holds `rows` records. */
export const rowsCoachId = (rows: number) => `c0ac0000-0000-4000-8000-${hex(rows)}`;
/** The list size a coach id stands for, or null. */
export function rowsOf(coachId: string): number | null {
  const match = /^c0ac0000-0000-4000-8000-([0-9a-f]{12})$/.exec(coachId);
  return match?.[1] ? Number.parseInt(match[1], 16) : null;
}

// One record an hour, the 20,000th today (the dashboard's pipeline panel reads the last 30 to 365 days): the same
// list all day, whichever process builds it.
const HOUR_MS = 3_600_000;
const EPOCH = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 20_000 * HOUR_MS;
const time = (hour: number) => new Date(EPOCH + hour * HOUR_MS).toISOString().slice(0, 19).replace('T', ' ');

export function listRows(rows: number, coachId: string, offset = 0): object[] {
  return Array.from({ length: rows }, (_, index) => {
    const n = index + offset;
    const stage = n % 7;
    const type = TYPES[n % TYPES.length] ?? 'ennea';
    const invited = stage > 0;
    const registered = stage > 2;
    const completed = stage > 3;
    const marked = completed && (type === 'ennea' || stage > 4);
    const ennea = completed && type !== 'EIT';
    const finalTPR = marked && type !== 'ennea' ? 1 + (n % 8) : null;
    return {
      uuid: `a55e0000-0000-4000-8000-${hex(n)}`,
      clientUUID: `c1e00000-0000-4000-8000-${hex(Math.floor(n / 2))}`,
      clientName: NAMES[n % NAMES.length],
      clientSurname: SURNAMES[(n * 7) % SURNAMES.length],
      clientEmail: `client${Math.floor(n / 2)}@example.test`,
      clientCompany: COMPANIES[n % COMPANIES.length],
      otherData: n % 5 === 0 ? 'Referred by the HR department' : null,
      userCoach: PROJECTS[(n >> 2) % PROJECTS.length],
      coachName: 'Amara',
      coachSurname: 'Botha',
      coachUUID: coachId,
      assessmentType: type,
      assessmentLanguage: LANGUAGES[n % LANGUAGES.length],
      tokenType: 'paid',
      parentedHybrid: 0,
      userToken: `token${n}`,
      userInvite: invited ? 1 : 0,
      reminded: stage === 2 ? 1 : 0,
      userRegistration: registered ? 1 : 0,
      userCompletion: completed ? 1 : 0,
      finalTPR,
      marked: marked ? 1 : 0,
      userEnnea: ennea ? 1 + (n % 9) : null,
      userTriType: ennea ? '258' : null,
      orderedTriType: ennea ? '582' : null,
      userInstinct: ennea ? (['SP', 'SO', 'SX'] as const)[n % 3] : null,
      scoreIMF: finalTPR === null ? null : `Stage ${finalTPR}`,
      scoreSP: ennea ? 40 : null,
      scoreSO: ennea ? 35 : null,
      scoreSX: ennea ? 25 : null,
      enneaRankingCSV: ennea ? '5,8,2,1,3,4,6,7,9' : null,
      reportsToAutoSend: n % 4 === 0 ? 'clientSummary' : '-',
      reportStatusEnnea: n % 4 === 0 && completed ? (['o', 's', 'd'] as const)[n % 3] : null,
      reportStatusMaturity: null,
      userReport: stage === 6 ? 'sent' : null,
      coachWrappedUp: n % 11 === 0 ? 1 : 0,
      fromAnotherCoach: 0,
      scoGivenTo: [],
      scoReceivedFrom: null,
      tokenCreatedAt: time(n),
      guestRegisteredAt: registered ? time(n + 1) : null,
      guestCompletedAt: completed ? time(n + 2) : null,
      guestUpdatedAt: registered ? time(n + 2) : null,
    };
  });
}

const TEAM_NAMES = ['Leadership', 'Sales', 'Operations', 'Finance', 'Graduates', 'Executive'];

/** The coach's teams (openapi/legacy.yaml Team): one per 100 records, newest first as the legacy API lists them. */
export function teamRows(rows: number): object[] {
  const count = Math.max(1, Math.floor(rows / 100));
  return Array.from({ length: count }, (_, index) => {
    const n = count - 1 - index;
    return {
      id: 1000 + n,
      uuid: `7ea70000-0000-4000-8000-${hex(n)}`,
      name: `${TEAM_NAMES[n % TEAM_NAMES.length]} ${n}`,
      description: n % 3 === 0 ? null : `${COMPANIES[n % COMPANIES.length] ?? 'Internal'} cohort`,
      coach: PROJECTS[n % PROJECTS.length] ?? 'General',
      memberCount: 2 + (n % 9),
      createdAt: time(n * 100),
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
    };
  });
}

/** A team's members (openapi/legacy.yaml TeamMember, the insights part): twelve, the last two still to complete. */
export function memberRows(): object[] {
  const stages = ['Self-protecting (SE)', 'Conforming (CO)', 'Specialising (SP)', 'Performing (PE)', 'Internalising (IN)'];
  return Array.from({ length: 12 }, (_, n) => ({
    uuid: `a55e0000-0000-4000-8000-${hex(n)}`,
    isTeamLeader: n === 0 ? 1 : 0,
    memberComments: null,
    displayName: `Member ${n}`,
    userCoach: null,
    userCompany: null,
    userOccupation: null,
    assessmentType: 'full',
    enneaResult: n < 10 ? `${(n % 9) + 1} SP ${(n % 9) + 1}36` : null,
    scoreIMF: n < 10 ? (stages[n % stages.length] ?? null) : null,
    completedAt: n < 10 ? time(n) : null,
  }));
}

/** The coach's balance history (openapi/legacy.yaml BalanceTransaction, the insights part): a charge per record, newest first. */
export function transactionRows(rows: number): object[] {
  return Array.from({ length: rows }, (_, index) => {
    const n = rows - 1 - index;
    return { datetime: time(n), description: `Enneagram assessment added for Client ${n}`, credits: -1, balance: rows - n };
  });
}

/** The coach's pairs (openapi/legacy.yaml Couple): one per 50 records, of two of those records' clients. */
export function coupleRows(rows: number): object[] {
  const count = Math.max(1, Math.floor(rows / 50));
  return Array.from({ length: count }, (_, index) => {
    const n = count - 1 - index;
    const member = (m: number) => ({
      uuid: `a55e0000-0000-4000-8000-${hex(m)}`,
      clientName: NAMES[m % NAMES.length],
      clientSurname: SURNAMES[(m * 7) % SURNAMES.length],
      clientEmail: `client${Math.floor(m / 2)}@example.test`,
      scoreIMF: null,
      userEnnea: null,
      userTriType: null,
      userInstinct: null,
    });
    const [a, b] = [member(n * 50), member(n * 50 + 3)];
    return {
      uuid: `c0091e00-0000-4000-8000-${hex(n)}`,
      info: `${a.clientName} ${a.clientSurname} & ${b.clientName} ${b.clientSurname}`,
      coupleType: n % 2 ? 'Romance' : 'Workplace',
      assessments: [a, b],
      reportSuppliedAt: '-',
      reportSent: '-',
      company: COMPANIES[n % COMPANIES.length],
      project: PROJECTS[n % PROJECTS.length],
      updatedAt: time(n * 50 + 5),
    };
  });
}
