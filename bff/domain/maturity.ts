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
