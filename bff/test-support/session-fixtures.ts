// Session records for tests.
import { randomBytes } from 'node:crypto';
import type { SessionRecord } from '../session/session-record.ts';

export function sessionRecord(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: randomBytes(32).toString('base64url'),
    legacyCookie: 'JSESSIONID=legacy-cookie-value',
    coachId: '6f1b7a8e-8d4f-4c2a-9d1e-2f3a4b5c6d7e',
    createdAt: 1_700_000_000_000,
    lastSeenAt: 1_700_000_000_000,
    absoluteExpiresAt: 1_700_028_800_000,
    flags: { impersonator: false, assisted: true, assistantName: 'Ann Assistant', accreditationLevel: 2 },
    ...overrides,
  };
}

/** The demo coach as the legacy API answers GET api/v2/coaches/{coachId}, for fault-upstream tests. */
export const LEGACY_COACH_ID = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
export const LEGACY_COACH = {
  uuid: LEGACY_COACH_ID,
  name: 'Amara',
  surname: 'Botha',
  email: 'demo@coachportal.test',
  tokenBalance: 1,
  pendingCredits: 0,
  isAdmin: false,
  newMessages: 0,
  countOfGivenSCOs: 0,
  countOfReceivedSCOs: 0,
  isAssistant: false,
  enableMiniAssessment: false,
  onlyMiniAssessment: false,
  sendSingleAssessmentNotifications: true,
  sendBulkAssessmentNotifications: true,
  accreditationLevel: 3,
  twoFactorEnabled: false,
};
