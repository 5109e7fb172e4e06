import { describe, expect, it } from 'vitest';
import { createRng } from './rng.ts';

describe('createRng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
  });

  it('gives a different sequence for another seed', () => {
    expect(createRng(1).next()).not.toBe(createRng(2).next());
  });

  it('keeps next() in [0, 1)', () => {
    const rng = createRng(7);
    for (let i = 0; i < 10_000; i++) {
      const value = rng.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('reaches both ends of int(min, max) and nothing outside', () => {
    const rng = createRng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(rng.int(1, 6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses an empty range or an empty pick', () => {
    const rng = createRng(3);
    expect(() => rng.int(5, 4)).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('picks only listed items and shuffles into a permutation', () => {
    const rng = createRng(9);
    const items = ['a', 'b', 'c', 'd'] as const;
    for (let i = 0; i < 100; i++) expect(items).toContain(rng.pick(items));
    const shuffled = rng.shuffle(items);
    expect([...shuffled].sort()).toEqual([...items]);
  });

  it('keeps dates within the range, at whole seconds', () => {
    const rng = createRng(11);
    const from = new Date('2025-01-01T00:00:00Z');
    const to = new Date('2025-01-31T23:59:59Z');
    for (let i = 0; i < 500; i++) {
      const date = rng.dateBetween(from, to);
      expect(date.getTime()).toBeGreaterThanOrEqual(from.getTime());
      expect(date.getTime()).toBeLessThanOrEqual(to.getTime());
      expect(date.getMilliseconds()).toBe(0);
    }
  });

  it('builds uuid-shaped, deterministic ids', () => {
    const a = createRng(5).uuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(createRng(5).uuid()).toBe(a);
    expect(createRng(6).uuid()).not.toBe(a);
  });

  it('chance(0) is never true and chance(1) always', () => {
    const rng = createRng(13);
    for (let i = 0; i < 100; i++) {
      expect(rng.chance(0)).toBe(false);
      expect(rng.chance(1)).toBe(true);
    }
  });
});
