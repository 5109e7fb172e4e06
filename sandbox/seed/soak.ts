// The soak run's coaches (`SANDBOX_SOAK_COACHES=<n>`, scripts/soak.ts): n extra accounts, so each simulated coach
// signs in with its own. Deterministic: the same n always gives the same accounts, sizes and clients, whatever else
// is seeded (a generator of its own, so the demo accounts stay exactly as they are). Sizes run from a few dozen
// assessments to 3,000, as real accounts do: most are small, every eighth is large, every fortieth is the largest.
import { createRng } from '../domain/rng.ts';
import type { AssessmentRecord } from '../state/model.ts';
import { addCoach, type Store } from '../state/store.ts';
import { coachRecord } from './accounts.ts';
import { seedAssessments } from './assessments.ts';

export const SOAK_MAX_COACHES = 10_000;
export const SOAK_MAX_ASSESSMENTS = 3_000;
const SOAK_SEED = 5_042_026;
const FIRST_ID = 100_001;

const NAMES = ['Lindiwe', 'Hendrik', 'Ayesha', 'Mihai', 'Refilwe', 'Petra', 'Kwame', 'Ingrid', 'Tshepo', 'Lucia'];
const SURNAMES = ['Mthembu', 'Steyn', 'Patel', 'Popescu', 'Maseko', 'Horváth', 'Mensah', 'Lindqvist', 'Nel', 'Bianchi'];

/** The n-th soak coach's sign-in address (n from 1); the password is the demo one. */
export function soakCoachEmail(n: number): string {
  return `soak-${String(n).padStart(4, '0')}@coachportal.test`;
}

/** The n-th soak coach's uuid (a fixed pattern, so a run can be compared with the next). */
export function soakCoachUuid(n: number): string {
  return `50a10000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** How many assessments the n-th soak coach has: 3,000 for every fortieth (the first included), 600–1,500 for every eighth, else 40–300. */
export function soakAssessmentCount(n: number): number {
  const prng = createRng(SOAK_SEED + n);
  if (n % 40 === 1) return SOAK_MAX_ASSESSMENTS;
  if (n % 8 === 0) return prng.int(600, 1_500);
  return prng.int(40, 300);
}

/** Adds `count` soak coaches (each with its own clients, addressed at `@soak-<n>.example.test`) to the store. */
export function seedSoakCoaches(store: Store, count: number, now: number): AssessmentRecord[][] {
  if (!Number.isInteger(count) || count < 0 || count > SOAK_MAX_COACHES)
    throw new RangeError(`soak coaches must be a whole number from 0 to ${SOAK_MAX_COACHES}, got: ${count}`);
  const seeded: AssessmentRecord[][] = [];
  for (let n = 1; n <= count; n++) {
    const prng = createRng(SOAK_SEED + SOAK_MAX_COACHES + n);
    const uuid = soakCoachUuid(n);
    addCoach(
      store,
      coachRecord({
        id: FIRST_ID + n - 1,
        uuid,
        email: soakCoachEmail(n),
        name: prng.pick(NAMES),
        surname: prng.pick(SURNAMES),
        accreditationLevel: prng.pick([2, 3, 4]),
        currency: prng.pick(['USD', 'ZAR'] as const),
      }),
    );
    seeded.push(seedAssessments(store, prng, uuid, soakAssessmentCount(n), now, `soak-${n}.example.test`));
  }
  return seeded;
}
