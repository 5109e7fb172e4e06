// spec public-and-guest §3 "Lists": the nine styles in three centres and the eight Maturity stages.
export type Centre = 'gut' | 'heart' | 'head';

export const CENTRE_OF: Readonly<Record<number, Centre>> = {
  8: 'gut',
  9: 'gut',
  1: 'gut',
  2: 'heart',
  3: 'heart',
  4: 'heart',
  5: 'head',
  6: 'head',
  7: 'head',
};
export const STYLES_OF: Readonly<Record<Centre, readonly [number, number, number]>> = { gut: [8, 9, 1], heart: [2, 3, 4], head: [5, 6, 7] };

// The spec names no styles; these short descriptive names are the sandbox's own.
export const STYLE_NAMES: Readonly<Record<number, string>> = {
  1: 'The principled improver',
  2: 'The caring supporter',
  3: 'The driven achiever',
  4: 'The authentic individual',
  5: 'The thoughtful observer',
  6: 'The loyal guardian',
  7: 'The energetic explorer',
  8: 'The strong protector',
  9: 'The calm mediator',
};

export const MATURITY_STAGES = [
  { code: 'SE', name: 'Self-protecting' },
  { code: 'CO', name: 'Conforming' },
  { code: 'SP', name: 'Specialising' },
  { code: 'PE', name: 'Performing' },
  { code: 'IN', name: 'Internalising' },
  { code: 'ST', name: 'Strategising' },
  { code: 'TR', name: 'Transforming' },
  { code: 'BE', name: 'Being' },
] as const;

export type MaturityStage = (typeof MATURITY_STAGES)[number];

/** finalTPR 1 to 8 → stage; null outside the range. */
export const maturityStage = (finalTPR: number): MaturityStage | null => MATURITY_STAGES[finalTPR - 1] ?? null;

/** The Maturity Results text the contract shows, e.g. "Performing (PE)". */
export const scoreIMF = (finalTPR: number): string | null => {
  const stage = maturityStage(finalTPR);
  return stage ? `${stage.name} (${stage.code})` : null;
};

/** The wing (the stronger neighbour on the circle) from a ranking of the nine styles. */
export function wingOf(style: number, ranking: readonly number[]): number {
  const left = style === 1 ? 9 : style - 1;
  const right = style === 9 ? 1 : style + 1;
  return ranking.indexOf(left) <= ranking.indexOf(right) ? left : right;
}
