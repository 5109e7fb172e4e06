// The coach's balance history (the legacy `balanceTransactions`, one movement per charge, credit back and payment) as
// a copy in the snapshot cache, beside the list copies: the credits panel on Balance reads it on every call, and at
// 20,000 assessments the history holds about as many movements. No operation reports what a charge adds to it, so it
// is not patchable: every change the coach makes through the BFF (each operation that charges or credits back says
// `changesLists`: adding assessments or pairs, Bulk Add, the imports, combining, deleting, a team report requested or
// cancelled) drops it, a change found upstream (getUpdates) or on another instance makes it stale, and it lives the
// copies' TTL at most, as a payment recorded upstream (an invoice paid) is seen by no operation of the BFF.
import type { components as Legacy } from '../../generated/legacy.ts';
import { isLegacyTime } from '../domain/legacy-time.ts';
import type { SessionContext } from '../operation.ts';
import { upstreamError } from '../problem.ts';
import type { SnapshotCache } from './snapshot-cache.ts';

export const CREDIT_HISTORY_LIST = 'credits:history';

export type LegacyTransaction = Legacy['schemas']['BalanceTransaction'];

/** A copy of the history: the movements as the legacy API answers them (newest first), every time checked. */
export interface CreditHistorySnapshot {
  transactions: readonly LegacyTransaction[];
}

/** The coach's balance history, from the copy while it is held. A time that is not a legacy time is 502 (never held). */
export function creditHistorySnapshot(ctx: SessionContext, snapshots: SnapshotCache): Promise<CreditHistorySnapshot> {
  return snapshots.get({
    coachId: ctx.session.coachId,
    list: CREDIT_HISTORY_LIST,
    load: async () => {
      const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/balanceTransactions', {
        params: { path: { coachId: ctx.session.coachId } },
        signal: ctx.signal,
      });
      if (!Array.isArray(data)) throw upstreamError();
      if (!data.every((tx) => isLegacyTime(tx.datetime))) {
        ctx.log.error('balanceTransactions answered a datetime that is not a legacy time');
        throw upstreamError();
      }
      return { transactions: data };
    },
    rowsOf: (copy) => copy.transactions.length,
    signal: ctx.signal,
    patchable: false,
  });
}
