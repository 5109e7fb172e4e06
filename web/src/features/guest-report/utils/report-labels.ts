// Language and instinct names are shared by several screens: lib/labels/.

// spec: public-and-guest §3 "Enneagram styles 1 to 9 in three centres".
const CENTRES: readonly { name: string; styles: readonly number[] }[] = [
  { name: 'gut', styles: [8, 9, 1] },
  { name: 'heart', styles: [2, 3, 4] },
  { name: 'head', styles: [5, 6, 7] },
];

export function styleLabel(style: number): string {
  const centre = CENTRES.find(({ styles }) => styles.includes(style));
  return centre ? `Style ${style} (${centre.name} centre)` : `Style ${style}`;
}

// spec: public-and-guest §9, 72 combined results.
export const COMBINED_RESULTS = 72;
export const MATURITY_STAGE_COUNT = 8;
