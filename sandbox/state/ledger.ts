// The balance ledger: every charge and credit-back is a recorded transaction (spec coach-shell §2.9, §9).
import { balanceTransaction } from '../domain/credits.ts';
import type { Store } from './store.ts';
import { balanceOf } from './views.ts';

/** Appends a signed movement (negative spends, positive credits back) to the coach's history. */
export function recordBalance(store: Store, coachUuid: string, credits: number, description: string, now: number): void {
  const entry = balanceTransaction(balanceOf(store, coachUuid), credits, description, new Date(now));
  store.balance.push({ ...entry, coachUuid });
}
