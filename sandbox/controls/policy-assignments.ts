// A policy waiting for a coach, as a sandbox-only control (spec coach-shell §2.3, §4 "Policy"): PUT
// /__sandbox/policy-assignments { coachEmail, policyUuid?, dueInDays } (re)assigns the policy (the seeded Code of
// Conduct unless named) to the coach, unsigned, due that many days from today (0 or less: overdue). A browser
// test can then show the portal's blocking policies modal. Not part of the legacy contract; always on (a test
// and demo affordance like impersonation, not a fault); never used in production.
import type { FastifyInstance } from 'fastify';
import { legacyDate } from '../domain/dates.ts';
import type { Clock } from '../handlers/context.ts';
import { SEED_POLICY } from '../seed/extras.ts';
import { coachByEmail, type Store } from '../state/store.ts';

export const POLICY_ASSIGNMENTS_PATH = '/__sandbox/policy-assignments';
const DAY = 86_400_000;

interface AssignBody {
  coachEmail?: unknown;
  policyUuid?: unknown;
  dueInDays?: unknown;
}

export function registerPolicyAssignments(app: FastifyInstance, store: Store, clock: Clock): void {
  app.put<{ Body: AssignBody }>(POLICY_ASSIGNMENTS_PATH, async (request, reply) => {
    const { coachEmail, policyUuid = SEED_POLICY.uuid, dueInDays } = request.body ?? {};
    const coach = typeof coachEmail === 'string' ? coachByEmail(store, coachEmail) : undefined;
    if (!coach) return reply.code(400).send({ error: { info: 'coachEmail must name a seeded coach.' } });
    if (typeof policyUuid !== 'string' || !store.policies.has(policyUuid))
      return reply.code(400).send({ error: { info: 'Unknown policyUuid.' } });
    if (typeof dueInDays !== 'number' || !Number.isInteger(dueInDays) || Math.abs(dueInDays) > 3650)
      return reply.code(400).send({ error: { info: 'dueInDays must be a whole number of days.' } });
    store.policyAssignments = store.policyAssignments.filter(
      (entry) => !(entry.coachUuid === coach.uuid && entry.policyUuid === policyUuid),
    );
    store.policyAssignments.push({
      policyUuid,
      coachUuid: coach.uuid,
      dueAt: legacyDate(new Date(clock.now() + dueInDays * DAY)),
      coachTypedName: null,
      coachTypedDate: null,
      coachSignedAt: null,
      extraFieldValues: [],
    });
    return reply.code(204).send();
  });
}
