// The seeded logins (documented in sandbox/README.md): one account per role and state the portal has.
import type { AssistantRecord, CoachRecord, Currency } from '../state/model.ts';
import { addAssistant, addCoach, type Store } from '../state/store.ts';

export const DEMO_PASSWORD = 'Demo-portal-2026!';
/** The two-factor coach's TOTP secret (base32), printed at start so an authenticator app can be set up. */
export const TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const SEED_COACHES = {
  demo: { uuid: '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f', email: 'demo@coachportal.test' },
  twoFactor: { uuid: '2fa00000-0000-4000-8000-000000000002', email: 'twofactor@coachportal.test' },
  blocked: { uuid: 'b10c0000-0000-4000-8000-000000000003', email: 'blocked@coachportal.test' },
  levelOne: { uuid: '1e7e1000-0000-4000-8000-000000000004', email: 'level1@coachportal.test' },
  miniOnly: { uuid: '31410000-0000-4000-8000-000000000005', email: 'mini@coachportal.test' },
  admin: { uuid: 'ad310000-0000-4000-8000-000000000006', email: 'admin@coachportal.test' },
  peer: { uuid: 'bee20000-0000-4000-8000-000000000007', email: 'peer@coachportal.test' },
  profile: { uuid: '9f0f1000-0000-4000-8000-000000000010', email: 'profile@coachportal.test' },
  reset: { uuid: 'e5e70000-0000-4000-8000-000000000011', email: 'reset@coachportal.test' },
  empty: { uuid: 'e3970000-0000-4000-8000-000000000012', email: 'empty@coachportal.test' },
  twice: { uuid: '7a1ce000-0000-4000-8000-000000000013', email: 'twice@coachportal.test' },
} as const;

export const SEED_ASSISTANT = { uuid: 'a5515000-0000-4000-8000-000000000008', email: 'assistant@coachportal.test' } as const;

export interface CoachSeed {
  id: number;
  uuid: string;
  email: string;
  name: string;
  surname: string;
  accreditationLevel: number;
  currency: Currency;
  overrides?: Partial<CoachRecord>;
}

export function coachRecord(seed: CoachSeed): CoachRecord {
  return {
    id: seed.id,
    uuid: seed.uuid,
    name: seed.name,
    surname: seed.surname,
    email: seed.email,
    password: DEMO_PASSWORD,
    isBlocked: false,
    twoFactorSecret: null,
    currency: seed.currency,
    profilePhoto: null,
    businessName: `${seed.surname} Coaching`,
    phoneNumber: '+27 21 555 0100',
    postalAddress: '12 Long Street, Cape Town, 8001',
    vatNumber: null,
    companyRegNumber: null,
    tokenBalance: 0,
    pendingCredits: 0,
    isAdmin: false,
    newMessages: 0,
    countOfGivenSCOs: 0,
    countOfReceivedSCOs: 0,
    liveSystem: false,
    isAssistant: false,
    enableMiniAssessment: false,
    onlyMiniAssessment: false,
    assessmentNames: { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' },
    teamReportNames: { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' },
    sendSingleAssessmentNotifications: true,
    sendBulkAssessmentNotifications: false,
    sendTeamNotifications: true,
    extraNotificationRecipients: null,
    accreditationLevel: seed.accreditationLevel,
    isL1Conversionista: false,
    isAccreditedToCurrentLevel: true,
    twoFactorEnabled: false,
    webProfileSync: 0,
    webProfileWorkOnline: 1,
    ...seed.overrides,
  };
}

export function seedAccounts(store: Store): void {
  const c = SEED_COACHES;
  const coaches: CoachSeed[] = [
    {
      id: 101,
      ...c.demo,
      name: 'Amara',
      surname: 'Nkosi',
      accreditationLevel: 4,
      currency: 'USD',
      overrides: { enableMiniAssessment: true },
    },
    {
      id: 102,
      ...c.twoFactor,
      name: 'Pieter',
      surname: 'Botha',
      accreditationLevel: 3,
      currency: 'ZAR',
      overrides: { twoFactorEnabled: true, twoFactorSecret: TWO_FACTOR_SECRET },
    },
    { id: 103, ...c.blocked, name: 'Bongani', surname: 'Dlamini', accreditationLevel: 2, currency: 'USD', overrides: { isBlocked: true } },
    { id: 104, ...c.levelOne, name: 'Lerato', surname: 'Mokoena', accreditationLevel: 1, currency: 'ZAR' },
    {
      id: 105,
      ...c.miniOnly,
      name: 'Zsófia',
      surname: 'Kovács',
      accreditationLevel: 1,
      currency: 'USD',
      overrides: { enableMiniAssessment: true, onlyMiniAssessment: true },
    },
    { id: 106, ...c.admin, name: 'Johan', surname: 'van der Merwe', accreditationLevel: 4, currency: 'USD', overrides: { isAdmin: true } },
    { id: 107, ...c.peer, name: 'Naledi', surname: 'Khumalo', accreditationLevel: 3, currency: 'USD' },
    // The profile browser test changes this coach's password and two-factor sign-in (and sets them back).
    { id: 108, ...c.profile, name: 'Nomvula', surname: 'Sithole', accreditationLevel: 2, currency: 'ZAR' },
    // The reset-password browser test changes this coach's password and that of their assistant.
    { id: 109, ...c.reset, name: 'Ayanda', surname: 'Zulu', accreditationLevel: 2, currency: 'ZAR' },
    // A coach with nothing yet (no clients, assessments, teams, pairs, messages or history), every screen open to
    // them: the empty state of each screen (`npm run screenshots`).
    {
      id: 110,
      ...c.empty,
      name: 'Kagiso',
      surname: 'Mabena',
      accreditationLevel: 4,
      currency: 'USD',
      overrides: { enableMiniAssessment: true },
    },
    // The double-click browser test's coach: it starts with nothing and makes every record it reads back, so its
    // balance and lists move only with that test.
    { id: 111, ...c.twice, name: 'Palesa', surname: 'Mofokeng', accreditationLevel: 4, currency: 'USD' },
  ];
  for (const seed of coaches) addCoach(store, coachRecord(seed));

  const assistant: AssistantRecord = {
    ...SEED_ASSISTANT,
    coachUuid: c.demo.uuid,
    name: 'Thandi',
    surname: 'Mahlangu',
    password: DEMO_PASSWORD,
    isBlocked: false,
  };
  addAssistant(store, assistant);
  addAssistant(store, {
    uuid: 'a5515000-0000-4000-8000-000000000009',
    email: 'former.assistant@coachportal.test',
    coachUuid: c.demo.uuid,
    name: 'Sipho',
    surname: 'Ndlovu',
    password: DEMO_PASSWORD,
    isBlocked: true,
  });
  addAssistant(store, {
    uuid: 'a5515000-0000-4000-8000-00000000000a',
    email: 'reset.assistant@coachportal.test',
    coachUuid: c.reset.uuid,
    name: 'Lindiwe',
    surname: 'Khoza',
    password: DEMO_PASSWORD,
    isBlocked: false,
  });
}
