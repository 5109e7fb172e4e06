import type { components } from '../../../../generated/bff.ts';

type Schemas = components['schemas'];

/** spec coach-shell §9: team report types as the price list names them. */
export const TEAM_REPORT_TYPE_LABELS: Readonly<Record<Schemas['TeamReportType'], string>> = {
  Ennea: 'Enneagram',
  IMf: 'Maturity',
  Full: 'Combined',
};

/** spec coach-shell §9: Romance (Couples), Workplace (Colleagues). */
export const PAIR_TYPE_LABELS: Readonly<Record<Schemas['PairType'], string>> = {
  Romance: 'Couples',
  Workplace: 'Workplace',
};

export const PRICE_REGION_LABELS: Readonly<Record<Schemas['CreditPrice']['region'], string>> = {
  international: 'International',
  sadc: 'SADC residents',
};

/** A price as the Balance screen shows it: "$50", "R500 + VAT". */
export function formatPrice({ currency, amount, plusVat }: Schemas['CreditPrice']): string {
  return `${currency === 'ZAR' ? 'R' : '$'}${amount}${plusVat ? ' + VAT' : ''}`;
}

/** spec assessments-and-clients §9: what one assessment of each type costs, in credits. */
export const ASSESSMENT_COST: Readonly<Record<Schemas['AssessmentType'], number>> = { full: 3, EIT: 2, ennea: 1 };

/** "1 credit", "3 credits". */
export const credits = (count: number): string => `${count} ${Math.abs(count) === 1 ? 'credit' : 'credits'}`;
