import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import { CHUNK, inChunks, runInTurns, runNow, type SortKey, Table } from './table.ts';

interface Entry {
  id: number;
  name: string;
  score: number | null;
}

// More than a few chunks, with ties and missing values.
const entries: Entry[] = Array.from({ length: CHUNK * 4 + 7 }, (_, id) => ({
  id,
  name: ['Novák', 'novak', 'Zulu', 'ábel', 'Rossi'][(id * 7) % 5] as string,
  score: id % 9 === 0 ? null : (id * 31) % 17,
}));
const keyOf = (entry: Entry, column: 'name' | 'score'): SortKey => (column === 'name' ? entry.name.toLowerCase() : entry.score);

/** How many turns of the event loop passed while `work` ran. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work;
  running = false;
  return turns;
}

describe('the table work done in chunks', () => {
  it('sorts the same with keys computed a chunk at a time as at once', async () => {
    for (const column of ['name', 'score'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const chunked = new Table(entries, keyOf);
        expect(await turnsDuring(chunked.keyed(column))).toBeGreaterThan(2);
        expect(chunked.sorted(column, order).map((entry) => entry.id)).toEqual(
          new Table(entries, keyOf).sorted(column, order).map((entry) => entry.id),
        );
      }
    }
  });

  it('runs every item once, in order, with turns of the event loop between chunks', async () => {
    const seen: number[] = [];
    expect(await turnsDuring(inChunks(entries, (entry, index) => seen.push(entry.id - index)))).toBeGreaterThan(2);
    expect(seen).toEqual(entries.map(() => 0));
  });

  it('answers the same from a generator run at once and in turns', async () => {
    function* total(): Generator<void, number> {
      let sum = 0;
      for (const entry of entries) {
        if (entry.id % CHUNK === 0) yield;
        sum += entry.score ?? 0;
      }
      return sum;
    }
    expect(await runInTurns(total())).toBe(runNow(total()));
  });

  it('builds a search index a chunk at a time that finds what the entries hold, ranked', async () => {
    const index = await SearchIndex.build(entries, (entry) => [entry.name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]);
    const found = index.find('novak', 3);
    expect(found.found.map((entry) => entry.name)).toEqual(['Novák', 'novak', 'Novák']);
    expect(found.more).toBe(true);
    expect(index.find('zzz', 3)).toEqual({ found: [], more: false });
  });
});
