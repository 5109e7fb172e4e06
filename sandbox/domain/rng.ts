// A deterministic PRNG (mulberry32) so the seed builds the same data on every run.
export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** True with the given probability. */
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
  /** A date between from and to (inclusive), at a whole second. */
  dateBetween: (from: Date, to: Date) => Date;
  /** A version 4 shaped uuid built from the generator's state. */
  uuid: () => string;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => {
    if (max < min) throw new RangeError(`int: max ${max} is below min ${min}`);
    return min + Math.floor(next() * (max - min + 1));
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick: no items');
    return items[int(0, items.length - 1)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  const dateBetween = (from: Date, to: Date): Date => {
    const start = Math.ceil(from.getTime() / 1000);
    const end = Math.floor(to.getTime() / 1000);
    return new Date(int(start, end) * 1000);
  };
  const hex = (length: number): string => {
    let out = '';
    while (out.length < length) out += int(0, 0xffff).toString(16).padStart(4, '0');
    return out.slice(0, length);
  };
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  return { next, int, chance: (probability) => next() < probability, pick, shuffle, dateBetween, uuid };
}
