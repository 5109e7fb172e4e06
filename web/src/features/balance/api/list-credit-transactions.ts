import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type CreditTransaction = components['schemas']['CreditTransaction'];
export type CreditTransactionsQuery = NonNullable<operations['listCreditTransactions']['parameters']['query']>;
export type CreditTransactionSort = NonNullable<CreditTransactionsQuery['sort']>;

/** listCreditTransactions: one page of the balance history (spec coach-shell §2.9), on the shared table. */
export const creditTransactionsQueryOptions = (query: CreditTransactionsQuery) =>
  $api.queryOptions('get', '/api/credits/transactions', { params: { query } });

export const useCreditTransactions = (query: CreditTransactionsQuery) =>
  useQuery({ ...creditTransactionsQueryOptions(query), placeholderData: keepPreviousData });
