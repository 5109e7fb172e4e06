// The ZIP directory check: real workbooks (the template coaches download, one written by exceljs) pass; an archive
// whose entries declare 900 MB, one of 1,001 entries, one entry packed 1,000 to 1, and what is no archive at all
// are refused, each without inflating anything.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientsTemplate } from '../../sandbox/files/bulk-upload.ts';
import { zipBytes } from '../test-support/zip-bytes.ts';
import { checkZipBounds, type ZipBounds } from './zip-bounds.ts';

const MB = 1024 * 1024;
const BOUNDS: ZipBounds = { maxEntries: 1000, maxUnpackedBytes: 50 * MB, maxRatio: 100, ratioGraceBytes: 100 * 1024 };
const TEMPLATE = readFileSync(new URL('../../web/public/clients_template.xlsx', import.meta.url));

describe('checkZipBounds', () => {
  it('passes the Bulk Add template and a workbook of 2,000 rows', async () => {
    expect(await checkZipBounds(TEMPLATE, BOUNDS)).toEqual({ ok: true, entries: 16, unpackedBytes: 15_693 });
    const rows = Array.from({ length: 2000 }, (_, n) => ({
      name: `Name ${n}`,
      surname: `Surname ${n}`,
      email: `client.${n}@example.test`,
      company: 'Karoo Consulting',
    }));
    const verdict = await checkZipBounds(await clientsTemplate(rows), BOUNDS);
    expect(verdict).toMatchObject({ ok: true });
  });

  it('passes an archive at the bounds', async () => {
    const entries = Array.from({ length: 1000 }, (_, n) => ({ name: `part-${n}.xml`, data: Buffer.from(`<p n="${n}"/>`) }));
    expect(await checkZipBounds(zipBytes(entries), BOUNDS)).toMatchObject({ ok: true, entries: 1000 });
    // 100 KB of zeros packs far better than 100:1, but an entry that small is not held to the ratio.
    const small = zipBytes([{ name: 'xl/styles.xml', data: Buffer.alloc(100 * 1024) }]);
    expect(await checkZipBounds(small, BOUNDS)).toMatchObject({ ok: true });
  });

  it('refuses entries that declare 900 MB, reading no further than the entry that passes the bound', async () => {
    const bomb = zipBytes([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      ...Array.from({ length: 9 }, (_, n) => ({
        name: `xl/worksheets/sheet${n + 1}.xml`,
        data: Buffer.from('<x/>'),
        declaredSize: 100 * MB,
      })),
    ]);
    expect(bomb.length).toBeLessThan(2048);
    expect(await checkZipBounds(bomb, BOUNDS)).toEqual({ ok: false, broken: 'unpackedBytes', unpackedBytes: 100 * MB + 8 });
    const oneEntry = zipBytes([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<x/>'), declaredSize: 900 * MB }]);
    expect(await checkZipBounds(oneEntry, BOUNDS)).toEqual({ ok: false, broken: 'unpackedBytes', unpackedBytes: 900 * MB });
  });

  it('refuses more entries than allowed from the directory’s end record', async () => {
    const entries = Array.from({ length: 1001 }, (_, n) => ({ name: `part-${n}.xml` }));
    expect(await checkZipBounds(zipBytes(entries), BOUNDS)).toEqual({ ok: false, broken: 'entries', entries: 1001 });
  });

  it('refuses an entry that unpacks to more than 100 times its packed size', async () => {
    const packed = zipBytes([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(2 * MB) }]);
    const verdict = await checkZipBounds(packed, BOUNDS);
    expect(verdict).toMatchObject({ ok: false, broken: 'ratio', entry: 'xl/sharedStrings.xml' });
    expect(verdict.ok === false && verdict.broken === 'ratio' && verdict.ratio).toBeGreaterThan(100);
  });

  it('calls unreadable what has no readable directory or names a path outside the archive', async () => {
    for (const bytes of [
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]),
      TEMPLATE.subarray(0, TEMPLATE.length - 10),
      Buffer.alloc(0),
      zipBytes([{ name: '../../etc/passwd', data: Buffer.from('x') }]),
    ])
      expect(await checkZipBounds(bytes, BOUNDS)).toEqual({ ok: false, broken: 'unreadable' });
  });
});
