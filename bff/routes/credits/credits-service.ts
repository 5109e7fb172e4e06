// The Balance screen (spec coach-shell §2.9, §3 "Balance transaction", §4 "Bulk credit order", §5, §8, §9): the
// coach record's balance and pending order, the facilitated count over the assessments, the specification's
// price lists, the transaction history sorted and paged here, and the bulk order placed and cancelled.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { fromLegacyTime } from '../../domain/legacy-time.ts';
import { isReceived } from '../../domain/pipeline.ts';
import { created, noContent, type OperationHandler, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, notFound, ProblemError, upstreamError } from '../../problem.ts';
import { assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import { listPage } from '../../snapshots/list-page.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { fold, Table } from '../../snapshots/table.ts';
import { legacyFailure } from '../../upstream/legacy-client.ts';

type CreditsOverview = Bff['schemas']['CreditsOverview'];
type CreditTransaction = Bff['schemas']['CreditTransaction'];
type LegacyCoach = Legacy['schemas']['Coach'];
type TransactionSort = NonNullable<NonNullable<OperationInput<'listCreditTransactions'>['query']>['sort']>;

export const ORDER_FAILED = 'Failed';
export const MINIMUM_ORDER = 10;
/** The contract's `orderCredits` maximum: a bulk order above it is a typing slip, refused before the legacy call. */
export const MAXIMUM_ORDER = 100_000;

// spec coach-shell §9: the prices, costs and discounts the Balance screen lists.
const PRICE_LISTS: Omit<CreditsOverview, 'balance' | 'pendingCredits' | 'hasPendingOrder' | 'facilitatedAssessments'> = {
  creditPrices: [
    { region: 'international', currency: 'USD', amount: 50, plusVat: false },
    { region: 'sadc', currency: 'ZAR', amount: 500, plusVat: true },
  ],
  selfRegisteredEnneagramPrices: [
    { region: 'international', currency: 'USD', amount: 55, plusVat: false },
    { region: 'sadc', currency: 'ZAR', amount: 550, plusVat: true },
  ],
  assessmentCosts: [
    { assessmentType: 'full', credits: 3 },
    { assessmentType: 'EIT', credits: 2 },
    { assessmentType: 'ennea', credits: 1 },
  ],
  teamReportCosts: [
    { reportType: 'Full', credits: 4 },
    { reportType: 'IMf', credits: 2 },
    { reportType: 'Ennea', credits: 2 },
  ],
  pairReportCosts: [
    { pairType: 'Romance', credits: 2 },
    { pairType: 'Workplace', credits: 2 },
  ],
  discountTiers: [
    { minCredits: 1, maxCredits: 49, discountPercent: 0 },
    { minCredits: 50, maxCredits: 99, discountPercent: 5 },
    { minCredits: 100, maxCredits: 199, discountPercent: 10 },
    { minCredits: 200, maxCredits: null, discountPercent: 15 },
  ],
  minimumOrder: MINIMUM_ORDER,
  maximumOrder: MAXIMUM_ORDER,
  historyStartsOn: '2023-04-19',
};

async function coachRecord(ctx: SessionContext): Promise<LegacyCoach> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}', {
    params: { path: { coachId: ctx.session.coachId } },
    signal: ctx.signal,
  });
  if (!data) throw upstreamError();
  return data;
}

/** getCredits: the figures of the coach record and the assessments copy the assessments screen shares. */
export async function getCredits(
  _input: OperationInput<'getCredits'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<CreditsOverview> {
  const [coach, assessments] = await Promise.all([coachRecord(ctx), assessmentSnapshot(ctx, snapshots, 'own')]);
  // Which assessments the legacy screen counts as facilitated is not shown: the coach's own completed ones.
  let facilitated = 0;
  for (const { legacy } of assessments.table.entries) if (legacy.guestCompletedAt && !isReceived(legacy)) facilitated += 1;
  return {
    balance: coach.tokenBalance,
    pendingCredits: coach.pendingCredits,
    hasPendingOrder: coach.pendingCredits > 0,
    facilitatedAssessments: facilitated,
    ...PRICE_LISTS,
  };
}

const sortKey = (entry: CreditTransaction, column: TransactionSort): string | number => {
  if (column === 'description') return entry.description.toLowerCase();
  return entry[column];
};

/** The history's default order and search (listCreditTransactions and exportCreditTransactions). */
export const TRANSACTION_LIST = { sort: 'datetime', search: { text: (entry: CreditTransaction) => fold(entry.description) } } as const;

/** The coach's transactions (the legacy list, newest first) as the history's rows, in a table. */
export async function readCreditTransactions(ctx: SessionContext): Promise<Table<CreditTransaction, TransactionSort>> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/balanceTransactions', {
    params: { path: { coachId: ctx.session.coachId } },
    signal: ctx.signal,
  });
  if (!Array.isArray(data)) throw upstreamError();
  const items: CreditTransaction[] = [];
  for (const { datetime, description, credits, balance } of data) {
    const at = fromLegacyTime(datetime);
    if (at === null) {
      ctx.log.error('balanceTransactions answered a datetime that is not a legacy time');
      throw upstreamError();
    }
    items.push({ datetime: at, description, credits, balance });
  }
  return new Table(items, sortKey);
}

/** listCreditTransactions: the legacy list (newest first) searched, sorted and paged here. */
export const listCreditTransactions: OperationHandler<'listCreditTransactions'> = async ({ query = {} }, ctx) =>
  listPage(await readCreditTransactions(ctx), query, TRANSACTION_LIST);

/** The legacy API's own refusal or failure of an order (not a timeout, not an ended session) is the toast's 'Failed'. */
async function updateOrder(ctx: SessionContext, body: { cancelCreditOrder: true } | { pendingCredits: number; newCreditOrder: true }) {
  let ok: boolean;
  let status: number;
  try {
    const { response } = await ctx.legacy.PUT('/api/v2/coaches/{coachId}', {
      params: { path: { coachId: ctx.session.coachId } },
      body,
      signal: ctx.signal,
    });
    ({ ok, status } = response);
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'upstream_error') throw Object.assign(orderFailed(), { cause: error });
    throw error;
  }
  if (!ok) throw orderFailed(status);
}

/** The toast's 'Failed': 400 when the legacy API refused the order (the user's), 502 when it failed. */
const orderFailed = (status = 502): ProblemError => legacyFailure({ response: { status } }, 'credit_order_failed', ORDER_FAILED);

/** orderCredits: one pending order at a time (spec coach-shell §4), at least 10 credits (the contract's minimum). */
export const orderCredits: OperationHandler<'orderCredits'> = async ({ body }, ctx) => {
  const coach = await coachRecord(ctx);
  if (coach.pendingCredits > 0) throw failed(409, 'credit_order_pending', ORDER_FAILED, { pendingCredits: coach.pendingCredits });
  await updateOrder(ctx, { pendingCredits: body.credits, newCreditOrder: true });
  return created({ pendingCredits: body.credits });
};

/** cancelCreditOrder: only a pending order can be cancelled. */
export const cancelCreditOrder: OperationHandler<'cancelCreditOrder'> = async (_input, ctx) => {
  const coach = await coachRecord(ctx);
  if (coach.pendingCredits === 0) throw notFound();
  await updateOrder(ctx, { cancelCreditOrder: true });
  return noContent();
};
