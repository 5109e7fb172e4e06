// Credits on Balance (spec coach-shell §2.9, §3 "Balance transaction"): the credits used in each of the last 12 months
// and the balance's forecast, from the transaction history the Balance screen lists (held as a copy) and the coach
// record's balance.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { fromLegacyTime } from '../../domain/legacy-time.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { upstreamError } from '../../problem.ts';
import { type CreditHistorySnapshot, creditHistorySnapshot } from '../../snapshots/credit-history-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { DAY_MS, dayOf, lastMonths, midnightOf } from './insight-dates.ts';

type CreditsInsight = Bff['schemas']['CreditsInsight'];
type CreditsForecast = Bff['schemas']['CreditsForecast'];
type Transaction = Pick<Legacy['schemas']['BalanceTransaction'], 'datetime' | 'description' | 'credits'>;

/** The days the forecast's rate is taken over, and a month's days in its "credits a month". */
export const RATE_DAYS = 90;
const MONTH_DAYS = 30;

/** A movement that gives back credits spent (a deletion, a cancelled team report) rather than paying for credits. */
const isCreditBack = ({ description }: Transaction): boolean => /credited back/i.test(description);

/** A payment (a bulk order or an invoice paid): credits added that are not a credit back. */
export const isPayment = (tx: Transaction): boolean => tx.credits > 0 && !isCreditBack(tx);

/** Credits a movement uses: spent is use, a credit back undoes use, a payment is none. */
const usedBy = (tx: Transaction): number => (tx.credits < 0 ? -tx.credits : isCreditBack(tx) ? -tx.credits : 0);

/** The credits the kept movements use, never below 0. */
const usedIn = (transactions: readonly Transaction[], keep: (tx: Transaction) => boolean): number =>
  Math.max(
    0,
    transactions.reduce((sum, tx) => (keep(tx) ? sum + usedBy(tx) : sum), 0),
  );

function forecastOf(transactions: readonly Transaction[], balance: number, now: number): CreditsForecast {
  const none = { monthlyRate: null, reachesZeroOn: null, usedSinceInvoice: null, lastInvoiceAt: null };
  if (balance <= 0) {
    let last: Transaction | undefined;
    for (const tx of transactions) if (isPayment(tx) && (!last || tx.datetime > last.datetime)) last = tx;
    return {
      ...none,
      kind: 'deficit',
      usedSinceInvoice: usedIn(transactions, (tx) => tx.datetime > (last?.datetime ?? '')),
      lastInvoiceAt: last ? fromLegacyTime(last.datetime) : null,
    };
  }
  // The window is the last 90 whole days and today so far: from midnight 90 days ago.
  const from = `${dayOf(midnightOf(now) - RATE_DAYS * DAY_MS)} 00:00:00`;
  const used = usedIn(transactions, (tx) => tx.datetime >= from);
  if (used === 0) return { ...none, kind: 'noRecentUse' };
  const daysLeft = Math.ceil(balance / (used / RATE_DAYS));
  return {
    ...none,
    kind: 'reachesZero',
    monthlyRate: Math.round((used / RATE_DAYS) * MONTH_DAYS),
    reachesZeroOn: dayOf(now + daysLeft * DAY_MS),
  };
}

/** The insight from a history (any order) and the balance now. */
export function creditsInsight(transactions: readonly Transaction[], balance: number, now: number): CreditsInsight {
  const months = lastMonths(now, 12).map((month) => ({ month, used: 0 }));
  const index = new Map(months.map((entry, at) => [entry.month, at]));
  for (const tx of transactions) {
    const at = index.get(tx.datetime.slice(0, 7));
    if (at !== undefined) (months[at] as { used: number }).used += usedBy(tx);
  }
  for (const month of months) month.used = Math.max(0, month.used);
  return { balance, months, forecast: forecastOf(transactions, balance, now) };
}

/** The answers computed from a copy, by day and balance (dropped with the copy). */
const COMPUTED = new WeakMap<CreditHistorySnapshot, Map<string, CreditsInsight>>();

/**
 * getCreditsInsight: the history from its copy (snapshots/credit-history-snapshot.ts), read from the legacy API only
 * when no copy is held, and the balance from the coach record, read each call as Balance's figures are. The months
 * and the forecast depend on the day alone, so a copy computes them once per day and balance.
 */
export async function getCreditsInsight(
  _input: OperationInput<'getCreditsInsight'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<CreditsInsight> {
  const [history, coach] = await Promise.all([
    creditHistorySnapshot(ctx, snapshots),
    ctx.legacy.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: ctx.session.coachId } }, signal: ctx.signal }),
  ]);
  if (!coach.data) throw upstreamError();
  const now = Date.now();
  const balance = coach.data.tokenBalance;
  let computed = COMPUTED.get(history);
  if (!computed) {
    computed = new Map();
    COMPUTED.set(history, computed);
  }
  const key = `${dayOf(now)}:${balance}`;
  let answer = computed.get(key);
  if (!answer) {
    answer = creditsInsight(history.transactions, balance, now);
    computed.set(key, answer);
  }
  return answer;
}
