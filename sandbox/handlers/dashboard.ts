// Dashboard, messages, policies and balance history (spec coach-shell §2.3, §2.9, §2.10, §4, §7; public-and-guest §3 "Policy").
import { legacyDateTime } from '../domain/dates.ts';
import type { PolicyAssignment } from '../state/model.ts';
import { ownAssessments, type Store } from '../state/store.ts';
import { assessmentView } from '../state/views.ts';
import { requireOwnCoach } from './access.ts';
import { badRequest, type Handlers } from './context.ts';

/** spec coach-shell §2.9: history only shows transactions since 19 April 2023. */
const HISTORY_SINCE = '2023-04-19';

export const dashboardHandlers: Handlers = {
  getDashboardInfo: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { store } = ctx;
    return {
      coachName: coach.name,
      coachSurname: coach.surname,
      coachEmail: coach.email,
      policyAlert: policyAlert(store, coach.uuid),
      messagesToAck: store.messages
        .filter((message) => message.coachUuid === coach.uuid && message.needsAck && !message.acknowledged)
        .map(({ subject, body }) => ({ subject, body })),
      tokens: ownAssessments(store, coach.uuid).map((record) => assessmentView(store, record, coach.uuid)),
    };
  },

  listMessages: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const messages = ctx.store.messages
      .filter((message) => message.coachUuid === coach.uuid)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((message) => ({
        subject: message.subject,
        body: message.body,
        updatedAt: message.updatedAt,
        newMessage: !message.acknowledged,
      }));
    return { messages };
  },

  acknowledgeLatestMessages: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    // spec coach-shell §4: an impersonator does not acknowledge the coach's messages.
    if (ctx.session?.impersonatorUuid) return undefined;
    for (const message of ctx.store.messages) if (message.coachUuid === coach.uuid) message.acknowledged = true;
    return undefined;
  },

  leaveMessage: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    if (ctx.body.message.trim() === '') throw badRequest('Please select a category and enter a message.');
    ctx.store.leftMessages.push({ coachUuid: coach.uuid, ...ctx.body, createdAt: legacyDateTime(new Date(ctx.clock.now())) });
    return undefined;
  },

  listPolicies: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const policies = assignments(ctx.store, coach.uuid)
      .filter((assignment) => !ctx.query.onlyActionable || assignment.coachSignedAt === null)
      .flatMap((assignment) => {
        const policy = ctx.store.policies.get(assignment.policyUuid);
        if (!policy) return [];
        const done = assignment.coachSignedAt !== null;
        const action = policy.ackMethod === 'sign' ? 'Sign' : 'Accept';
        return [
          {
            uuid: policy.uuid,
            title: policy.title,
            code: policy.code,
            dueAt: assignment.dueAt,
            userActionDisplayText: done ? `${action === 'Sign' ? 'Signed' : 'Accepted'} ${assignment.coachSignedAt?.slice(0, 10)}` : action,
          },
        ];
      });
    return { policies };
  },

  getPolicyAlert: (ctx) => ({ policyAlert: policyAlert(ctx.store, requireOwnCoach(ctx, ctx.params.coachId).uuid) }),

  listBalanceTransactions: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    return ctx.store.balance
      .filter((entry) => entry.coachUuid === coach.uuid && entry.datetime >= HISTORY_SINCE)
      .map(({ datetime, description, credits, balance }) => ({ datetime, description, credits, balance }))
      .reverse();
  },
};

function assignments(store: Store, coachUuid: string): PolicyAssignment[] {
  return store.policyAssignments.filter((assignment) => assignment.coachUuid === coachUuid);
}

/** spec coach-shell §2.3, §4: the alert shows while a policy is unsigned. */
export function policyAlert(store: Store, coachUuid: string): boolean {
  return assignments(store, coachUuid).some((assignment) => assignment.coachSignedAt === null);
}
