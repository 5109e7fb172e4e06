import { legacyDateTime } from './dates.ts';
import type { AssessmentType, BalanceTransaction, CoupleType, TeamReportType } from './types.ts';

// spec coach-shell §9, assessments-and-clients §9: what each item costs in credits.
export const ASSESSMENT_COST: Readonly<Record<AssessmentType, number>> = { full: 3, EIT: 2, ennea: 1 };
export const TEAM_REPORT_COST: Readonly<Record<TeamReportType, number>> = { Full: 4, IMf: 2, Ennea: 2 };
export const PAIR_REPORT_COST: Readonly<Record<CoupleType, number>> = { Romance: 2, Workplace: 2 };

export const assessmentCost = (type: AssessmentType): number => ASSESSMENT_COST[type];
export const teamReportCost = (type: TeamReportType): number => TEAM_REPORT_COST[type];
export const pairReportCost = (type: CoupleType): number => PAIR_REPORT_COST[type];

/** spec coach-shell §5: the order button needs an amount greater than 9. */
export const MINIMUM_BULK_ORDER = 10;

/** spec coach-shell §9: 1–49 normal, 50–99 5%, 100–199 10%, 200+ 15%. */
export function bulkDiscountPercent(credits: number): number {
  if (credits >= 200) return 15;
  if (credits >= 100) return 10;
  if (credits >= 50) return 5;
  return 0;
}

export type BulkOrderCheck = { ok: true } | { ok: false; info: string };

export function checkBulkOrder(credits: number): BulkOrderCheck {
  if (!Number.isInteger(credits)) return { ok: false, info: 'The number of credits must be a whole number.' };
  if (credits < MINIMUM_BULK_ORDER) return { ok: false, info: `The minimum bulk order is ${MINIMUM_BULK_ORDER} credits.` };
  return { ok: true };
}

export type Currency = 'USD' | 'ZAR';

/** South African VAT, added to rand prices ('R500 + VAT'); the contract's self-pay example charges 632.5 for R550. */
export const ZAR_VAT_RATE = 0.15;

// spec coach-shell §9: $50 per credit internationally, R500 + VAT for SADC residents.
export const CREDIT_PRICE: Readonly<Record<Currency, number>> = { USD: 50, ZAR: 500 };
// spec public-and-guest §9: self-registered Enneagram $55 or R550 + VAT.
export const SELF_REGISTER_PRICE: Readonly<Record<Currency, number>> = { USD: 55, ZAR: 550 };

export function priceString(currency: Currency, amount: number): string {
  return currency === 'ZAR' ? `R${amount} + VAT` : `$${amount}`;
}

const cents = (value: number): number => Math.round(value * 100) / 100;

/** What the client is charged: rand prices carry VAT, dollar prices do not. */
export function chargedAmount(currency: Currency, amount: number): number {
  return currency === 'ZAR' ? cents(amount * (1 + ZAR_VAT_RATE)) : amount;
}

export type SelfRegisterPrice = { currency: Currency; priceString: string; costOfAssessment: number };

/** The self-pay init price (spec public-and-guest §3, §9); ZAR for coaches who bill in rand, USD otherwise. */
export function selfRegisterPrice(currency: Currency): SelfRegisterPrice {
  const amount = SELF_REGISTER_PRICE[currency];
  return { currency, priceString: priceString(currency, amount), costOfAssessment: chargedAmount(currency, amount) };
}

export type BulkOrderQuote = {
  credits: number;
  currency: Currency;
  unitPrice: number;
  discountPercent: number;
  /** Before VAT. */
  subtotal: number;
  vat: number;
  total: number;
};

export function quoteBulkOrder(credits: number, currency: Currency): BulkOrderQuote {
  const unitPrice = CREDIT_PRICE[currency];
  const discountPercent = bulkDiscountPercent(credits);
  const subtotal = cents(credits * unitPrice * (1 - discountPercent / 100));
  const vat = currency === 'ZAR' ? cents(subtotal * ZAR_VAT_RATE) : 0;
  return { credits, currency, unitPrice, discountPercent, subtotal, vat, total: cents(subtotal + vat) };
}

/** How an assessment type is named to coaches and clients (spec assessments-and-clients §1). */
export const ASSESSMENT_TYPE_NAMES: Readonly<Record<AssessmentType, string>> = { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' };
const TEAM_REPORT_NAMES: Readonly<Record<TeamReportType, string>> = { Ennea: 'Enneagram', IMf: 'Maturity', Full: 'Combined' };
const PAIR_NAMES: Readonly<Record<CoupleType, string>> = { Romance: 'Couples', Workplace: 'Colleagues' };

/** The descriptions of the Balance screen's history (spec coach-shell §2.9). */
export const transactionDescription = {
  assessmentAdded: (type: AssessmentType, client: string): string => `${ASSESSMENT_TYPE_NAMES[type]} assessment added for ${client}`,
  assessmentDeleted: (type: AssessmentType, client: string): string =>
    `${ASSESSMENT_TYPE_NAMES[type]} assessment for ${client} deleted - credited back`,
  teamReport: (type: TeamReportType, team: string): string => `${TEAM_REPORT_NAMES[type]} team report requested for ${team}`,
  teamReportCancelled: (type: TeamReportType, team: string): string =>
    `${TEAM_REPORT_NAMES[type]} team report for ${team} cancelled - credited back`,
  pairReport: (type: CoupleType, pair: string): string => `${PAIR_NAMES[type]} pair report for ${pair}`,
  creditsPurchased: (credits: number): string => `Bulk order of ${credits} credits paid`,
  monthlyInvoice: (month: string): string => `Pay-as-you-go invoice for ${month} paid`,
};

/**
 * Appends one movement: `credits` is signed (negative spends, positive credits back or buys);
 * the running balance may go negative (a deficit that will be invoiced, spec coach-shell §2.9).
 */
export function balanceTransaction(previousBalance: number, credits: number, description: string, at: Date): BalanceTransaction {
  return { datetime: legacyDateTime(at), description, credits, balance: previousBalance + credits };
}

/** Charges for an item: a negative movement of its cost. */
export function charge(previousBalance: number, cost: number, description: string, at: Date): BalanceTransaction {
  return balanceTransaction(previousBalance, -cost, description, at);
}
