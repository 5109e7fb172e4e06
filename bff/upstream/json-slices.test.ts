import { describe, expect, it } from 'vitest';
import { parseJsonInSlices, SLICED_JSON_BYTES } from './json-slices.ts';

/** A list large enough to be sliced, with what makes a cut hard: commas, brackets, quotes and escapes in strings, nesting, non-ASCII. */
function largeList(): unknown[] {
  const records: unknown[] = [];
  // About 150 bytes a record: over three times the size from which answers are sliced.
  for (let n = 0; n < (SLICED_JSON_BYTES * 3) / 100; n++) {
    records.push({
      uuid: `id-${n}`,
      name: n % 3 === 0 ? 'Tomáš "T", [x] {y}, \\' : n % 3 === 1 ? 'a},{"b":"c' : 'Novák',
      note: n % 5 === 0 ? 'a\\"b,c]' : null,
      nested: { list: [n, [n + 1, { deep: ',' }]], empty: [] },
      scoGivenTo: n % 7 === 0 ? [{ a: 1 }, { b: '}' }] : [],
      emoji: n % 11 === 0 ? '🙂 ü' : '',
      n,
    });
  }
  return records;
}

describe('parseJsonInSlices', () => {
  it('answers what JSON.parse of the whole answer does, for a large list cut into slices', async () => {
    const records = largeList();
    // Compact (cut at `},{`, some of them inside strings or nested objects) and indented (cut by the scan).
    for (const text of [JSON.stringify(records), `  ${JSON.stringify(records, null, 1)}\n`]) {
      expect(text.length).toBeGreaterThan(SLICED_JSON_BYTES * 3);
      expect(await parseJsonInSlices(Buffer.from(text))).toEqual(JSON.parse(text));
    }
  });

  it('parses small answers and non-arrays whole', async () => {
    expect(await parseJsonInSlices(Buffer.from('[1, 2]'))).toEqual([1, 2]);
    expect(await parseJsonInSlices(Buffer.from('[]'))).toEqual([]);
    const object = { tokens: largeList() };
    expect(await parseJsonInSlices(Buffer.from(JSON.stringify(object)))).toEqual(object);
  });

  it('refuses what JSON.parse refuses', async () => {
    const valid = JSON.stringify(largeList());
    // Between two records past the size from which answers are sliced.
    const between = valid.indexOf('},{"uuid"', SLICED_JSON_BYTES) + 1;
    const broken = [
      `${valid.slice(0, -1)},]`,
      `${valid.slice(0, -1)}`,
      `${valid} x`,
      `${valid.slice(0, between)},${valid.slice(between)}`,
      `${valid.slice(0, -1)},{"a":"unclosed}]`,
      `${valid.slice(0, -1)}}]`,
      `${valid.slice(0, between)}] [${valid.slice(between + 1)}`,
      `${JSON.stringify(largeList(), null, 1).slice(0, -1)},]`,
    ];
    for (const text of broken) {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      await expect(parseJsonInSlices(Buffer.from(text))).rejects.toThrow(SyntaxError);
    }
  });

  it('lets the event loop turn between slices', async () => {
    const text = JSON.stringify(largeList());
    const started = parseJsonInSlices(Buffer.from(text));
    let immediates = 0;
    const count = () => {
      immediates++;
      if (immediates < 1000) setImmediate(count);
    };
    setImmediate(count);
    await started;
    expect(immediates).toBeGreaterThan(2);
  });
});
