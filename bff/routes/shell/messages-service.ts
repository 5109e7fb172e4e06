// The Messages screen (spec coach-shell §2.10, §3 "Message", §4): legacy messages?all=true ↔ the
// contract's MessageList, and the acknowledgement sent when the screen opens.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { fromLegacyTime } from '../../domain/legacy-time.ts';
import type { OperationHandler } from '../../operation.ts';
import { upstreamError } from '../../problem.ts';

type Message = Bff['schemas']['Message'];
type LegacyMessage = Legacy['schemas']['Message'];

function toMessage({ subject, body, updatedAt, newMessage }: LegacyMessage): Message | null {
  const at = fromLegacyTime(updatedAt);
  return at === null ? null : { subject, body, updatedAt: at, isNew: newMessage };
}

/** listMessages: newest first, as the legacy API lists them; the body stays HTML (the client sanitises it). */
export const listMessages: OperationHandler<'listMessages'> = async (_input, ctx) => {
  const { data } = await ctx.legacy.GET('/api/v3/coaches/{coachId}/messages', {
    params: { path: { coachId: ctx.session.coachId }, query: { all: true } },
  });
  if (!data) throw upstreamError();
  const items = data.messages.map(toMessage);
  // A time the contract cannot carry means the legacy answer is not what its contract says.
  if (items.some((item) => item === null)) {
    ctx.log.error('messages answered an updatedAt that is not a legacy time');
    throw upstreamError();
  }
  const messages = items as Message[];
  return { items: messages, newCount: messages.filter((message) => message.isNew).length };
};

/** acknowledgeMessages: an impersonating administrator never marks the coach's messages as read (spec §4). */
export const acknowledgeMessages: OperationHandler<'acknowledgeMessages'> = async (_input, ctx) => {
  if (ctx.session.flags.impersonator) return { acknowledged: false };
  const { response } = await ctx.legacy.GET('/api/v3/coaches/{coachId}/ackedLatestMessages', {
    params: { path: { coachId: ctx.session.coachId } },
  });
  if (!response.ok) throw upstreamError();
  return { acknowledged: true };
};
