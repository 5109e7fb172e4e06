import { describe, expect, it } from 'vitest';
import { ownAssessments } from '../state/store.ts';
import { seedStore } from './seed.ts';
import { SOAK_MAX_ASSESSMENTS, soakAssessmentCount, soakCoachEmail, soakCoachUuid } from './soak.ts';

const now = Date.parse('2025-11-20T10:00:00Z');

describe('soak coaches (SANDBOX_SOAK_COACHES)', () => {
  it('adds accounts that sign in with their own address and the demo password, each with its own clients', () => {
    const store = seedStore({ now, soakCoaches: 41 });
    for (const n of [1, 8, 40, 41]) {
      const coach = store.coaches.get(soakCoachUuid(n));
      expect(coach).toMatchObject({ email: soakCoachEmail(n), password: 'Demo-portal-2026!', isBlocked: false, twoFactorEnabled: false });
      const assessments = ownAssessments(store, soakCoachUuid(n));
      expect(assessments).toHaveLength(soakAssessmentCount(n));
      const emails = new Set(assessments.map((record) => store.clients.get(record.clientUUID)?.email));
      expect([...emails].every((email) => email?.endsWith(`@soak-${n}.example.test`))).toBe(true);
    }
    const counts = Array.from({ length: 41 }, (_, index) => soakAssessmentCount(index + 1));
    expect(Math.max(...counts)).toBe(SOAK_MAX_ASSESSMENTS);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(40);
    expect(counts.filter((count) => count === SOAK_MAX_ASSESSMENTS)).toHaveLength(2);
  });

  it('is deterministic and leaves the rest of the seed as it is', () => {
    const plain = seedStore({ now });
    const a = seedStore({ now, soakCoaches: 5 });
    const b = seedStore({ now, soakCoaches: 5 });
    expect([...a.assessments.keys()]).toEqual([...b.assessments.keys()]);
    expect([...a.clients.values()]).toEqual([...b.clients.values()]);
    expect([...a.assessments.keys()].slice(0, plain.assessments.size)).toEqual([...plain.assessments.keys()]);
    expect([...a.coaches.values()].slice(0, plain.coaches.size)).toEqual([...plain.coaches.values()]);
    expect(a.coaches.size - plain.coaches.size).toBe(5);
  });

  it('refuses a count it cannot seed', () => {
    expect(() => seedStore({ now, soakCoaches: -1 })).toThrow(/whole number/);
    expect(() => seedStore({ now, soakCoaches: 1.5 })).toThrow(/whole number/);
  });
});
