// The maturity (IMf) stages (spec public-and-guest §3 "Maturity stages in order, with codes"): the one list
// the guest report and the assessments table both read.
import type { components as Bff } from '../../generated/bff.ts';

export type MaturityResult = Bff['schemas']['MaturityResult'];

export const MATURITY_STAGES: readonly Omit<MaturityResult, 'stage'>[] = [
  { code: 'SE', name: 'Self-protecting' },
  { code: 'CO', name: 'Conforming' },
  { code: 'SP', name: 'Specialising' },
  { code: 'PE', name: 'Performing' },
  { code: 'IN', name: 'Internalising' },
  { code: 'ST', name: 'Strategising' },
  { code: 'TR', name: 'Transforming' },
  { code: 'BE', name: 'Being' },
];

/** The stage (legacy `finalTPR`, 1 to 8) with its code and name; null for anything else. */
export function maturityOf(stage: number | null): MaturityResult | null {
  const info = stage === null ? undefined : MATURITY_STAGES[stage - 1];
  return info && stage !== null ? { stage, ...info } : null;
}

/** A maturity result as the tables write it: 'stage code · name' (the Maturity Results column, an export's cell). */
export const maturityText = (result: MaturityResult): string => `${result.stage} ${result.code} · ${result.name}`;

/** An Enneagram result as the tables write it: 'Type 2 · 269 · SO' (the Ennea Results column, an export's cell). */
export const enneaText = (result: Bff['schemas']['EnneaResult']): string =>
  [`Type ${result.type}`, result.trifix, result.instinct].filter(Boolean).join(' · ');
