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
