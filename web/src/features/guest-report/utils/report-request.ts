import type { components, operations } from '../../../../../generated/bff.ts';
import { isUuid } from '../../../lib/validation.ts';

export type GuestReportCode = components['schemas']['GuestReportCode'];
export type GuestReportQuery = NonNullable<operations['getGuestReport']['parameters']['query']>;

/** What the viewer asks the BFF for: the report, the guest and the query parameters of the link. */
export interface GuestReportRequest {
  reportCode: GuestReportCode;
  guestId: string;
  query: GuestReportQuery;
}

const REPORT_CODES: readonly GuestReportCode[] = ['e', 'm', 'c', 'cp'];
const LANGUAGES: readonly NonNullable<GuestReportQuery['language']>[] = ['english', 'afrikaans', 'hungarian', 'italian', 'slovak'];
const INSTINCTS: readonly NonNullable<GuestReportQuery['instinct']>[] = ['SP', 'SO', 'SX'];
// spec: public-and-guest §9, a trifix is three styles.
const TRIFIX = /^[1-9]{3}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((known) => known === value);

/**
 * The request a report link stands for; `null` when the link itself is broken (unknown report code,
 * a guest id that is not a uuid). The legacy route `reports/{uuid}` has no code and always means `e`
 * (spec: public-and-guest §2 "Variants"; the guest id is a 36-character uuid). Query values the contract would refuse are left out, so a
 * mistyped extra parameter still shows the report as scored.
 */
export function reportRequestFrom(params: { reportCode?: string; guestId?: string }, search: URLSearchParams): GuestReportRequest | null {
  const reportCode = params.reportCode === undefined ? 'e' : oneOf(REPORT_CODES, params.reportCode);
  const guestId = params.guestId ?? '';
  if (!reportCode || !isUuid(guestId)) return null;
  const language = oneOf(LANGUAGES, search.get('language'));
  const instinct = oneOf(INSTINCTS, search.get('instinct'));
  const trifix = search.get('trifix') ?? '';
  const query: GuestReportQuery = {
    ...(language && { language }),
    ...(search.get('version') === 'text' && { version: 'text' as const }),
    ...(TRIFIX.test(trifix) && { trifix }),
    ...(instinct && { instinct }),
  };
  return { reportCode, guestId, query };
}
