// The deterministic seed: the same options always give the same store (fixed-seed PRNG, dates relative to `now`).

import { createRng } from '../domain/rng.ts';
import { createStore, type Store } from '../state/store.ts';
import { SEED_COACHES, seedAccounts } from './accounts.ts';
import { seedAssessments } from './assessments.ts';
import {
  seedBalance,
  seedCouples,
  seedMessages,
  seedMiniAssessments,
  seedPolicies,
  seedRecordLabels,
  seedScos,
  seedTeams,
} from './extras.ts';
import { seedSoakCoaches } from './soak.ts';

export interface SeedOptions {
  /** Epoch ms the seeded dates are relative to. */
  now: number;
  /** The demo coach's assessments (SANDBOX_ASSESSMENTS); default 300. */
  assessments?: number;
  seed?: number;
  /** Extra accounts for the soak run (SANDBOX_SOAK_COACHES, `./soak.ts`); default none. */
  soakCoaches?: number;
}

export const DEFAULT_ASSESSMENTS = 300;

export function seedStore(options: SeedOptions): Store {
  const store = createStore();
  const prng = createRng(options.seed ?? 20251030);
  const { now } = options;
  seedAccounts(store);
  const demo = SEED_COACHES.demo.uuid;
  const demoAssessments = seedAssessments(store, prng, demo, options.assessments ?? DEFAULT_ASSESSMENTS, now);
  const peerAssessments = seedAssessments(store, prng, SEED_COACHES.peer.uuid, 24, now);
  seedAssessments(store, prng, SEED_COACHES.levelOne.uuid, 16, now);
  seedAssessments(store, prng, SEED_COACHES.twoFactor.uuid, 8, now);
  seedScos(store, demoAssessments, peerAssessments, now);
  seedRecordLabels(demoAssessments);
  seedTeams(store, prng, demo, demoAssessments, now);
  // A team the peer coach gave to the demo coach: received teams are download-only (spec coach-shell §4).
  seedTeams(store, prng, SEED_COACHES.peer.uuid, peerAssessments, now);
  for (const team of store.teams.values()) {
    if (team.coachUuid === SEED_COACHES.peer.uuid && team.reportSuppliedAt) team.scoGivenTo.push(demo);
  }
  seedCouples(store, prng, demo, demoAssessments, now);
  seedMessages(store, prng, demo, now);
  seedPolicies(store, now);
  seedBalance(store, demo, demoAssessments, now);
  seedBalance(store, SEED_COACHES.peer.uuid, peerAssessments, now);
  seedMiniAssessments(store, prng, demo, 12, now);
  seedMiniAssessments(store, prng, SEED_COACHES.miniOnly.uuid, 8, now);
  // Last, with a generator of its own: the soak accounts change nothing above.
  if (options.soakCoaches) seedSoakCoaches(store, options.soakCoaches, now);
  return store;
}
