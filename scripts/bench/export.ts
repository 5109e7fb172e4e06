// The table export's figures of `npm run bench` (`BENCH_ONLY=export`; bff/downloads/, docs/decisions/029): the
// assessments table exported through the BFF at 20,000 rows (the copy held, as after the table's first page), and the
// writers alone at 20,000 and 50,000 rows: time and the heap's peak above its level before the file (sampled at each
// chunk, after a full collection), for the BFF's CSV and zip-based XLSX writers and exceljs's streaming WorkbookWriter.
// Memory independent of the rows' number: the peak at 50,000 within a few MB of the peak at 20,000.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import type { ExportCell, ExportSheet } from '../../bff/downloads/export-sheet.ts';
import { exportAnswer } from '../../bff/downloads/table-export.ts';
import { timed } from './lists.ts';
import { median } from './load.ts';
import type { GoalRow } from './shared.ts';
import { signInRowsCoach } from './sign-in.ts';

const HTTP_ROWS = 20_000;
const HTTP_ROUNDS = 7;
const WRITER_SIZES = [20_000, 50_000] as const;
const COLUMNS =
  'columns=info&columns=company&columns=project&columns=ennea&columns=score&columns=assessmentType&columns=language&columns=createdAt&columns=registeredAt&columns=completedAt';
/** Goal: a 20,000-row export within 2 s of the request; the writers' peak at 50,000 rows within 8 MB of 20,000's. */
const GOAL_MS = 2_000;
const GOAL_GROWTH_MB = 8;
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface ExportFigures {
  http: { format: string; ms: number; bytes: number }[];
  writers: { writer: string; rows: number; ms: number; peakMb: number; bytes: number }[];
}

/** Ten columns of a row as the assessments export writes them (the lengths of the seeded rows). */
function* sheetRows(rows: number): Generator<ExportCell[]> {
  for (let index = 0; index < rows; index++) {
    const at = new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString();
    yield [
      `Client${index} Sithole · Complete, report sent · client${index}@example.test`,
      'Karoo Logistics',
      'Leadership 2026',
      `Type ${(index % 9) + 1} · 514 · SP`,
      '4 PE · Performing',
      'Combined',
      'English',
      { date: at },
      { date: at },
      index % 3 ? { date: at } : { date: undefined },
    ];
  }
}
const LABELS = [
  'Info',
  'Company',
  'Project',
  'Ennea Results',
  'Maturity Results',
  'Assessment',
  'Lang',
  'Created',
  'Registered',
  'Completed',
];

/** A sink that counts bytes and samples the heap at each chunk. */
function sink() {
  const seen = { bytes: 0, peak: 0 };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      seen.peak = Math.max(seen.peak, process.memoryUsage().heapUsed);
      done();
    },
  });
  return { seen, stream };
}

async function exceljsWorkbook(rows: number, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Export');
  sheet.columns = LABELS.map((header, index) => ({ header, width: 22, ...(index >= 7 ? { style: { numFmt: 'yyyy-mm-dd' } } : {}) }));
  for (const row of sheetRows(rows))
    sheet
      .addRow(
        row.map((cell) =>
          typeof cell === 'string' ? cell : 'number' in cell ? cell.number : cell.date ? new Date(cell.date.slice(0, 10)) : null,
        ),
      )
      .commit();
  sheet.commit();
  await workbook.commit();
}

async function measureWriter(writer: string, rows: number): Promise<ExportFigures['writers'][number]> {
  const { seen, stream } = sink();
  gc();
  const before = process.memoryUsage().heapUsed;
  const start = performance.now();
  if (writer === 'exceljs WorkbookWriter (stream)') await exceljsWorkbook(rows, stream);
  else {
    const sheet: ExportSheet = { labels: LABELS, rows: sheetRows(rows) };
    await pipeline(exportAnswer(sheet, writer === 'BFF CSV' ? 'csv' : 'xlsx', 'x').body, stream);
  }
  return { writer, rows, ms: performance.now() - start, peakMb: (seen.peak - before) / MB, bytes: seen.bytes };
}

export async function measureExport(bffUrl: string): Promise<ExportFigures> {
  const session = { cookie: await signInRowsCoach(bffUrl, HTTP_ROWS) };
  // The copy made, as by the table's first page before its Export.
  await timed(`${bffUrl}/api/assessments`, session);
  const http: ExportFigures['http'] = [];
  for (const format of ['csv', 'xlsx']) {
    const samples: number[] = [];
    let bytes = 0;
    for (let round = 0; round < HTTP_ROUNDS; round++) {
      const start = performance.now();
      const response = await fetch(`${bffUrl}/api/assessments/export?${COLUMNS}&format=${format}`, { headers: session });
      bytes = (await response.arrayBuffer()).byteLength;
      samples.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`the export answered ${response.status}`);
    }
    http.push({ format, ms: median(samples), bytes });
  }
  const writers: ExportFigures['writers'] = [];
  for (const writer of ['BFF CSV', 'BFF XLSX (zip-based)', 'exceljs WorkbookWriter (stream)'])
    for (const rows of WRITER_SIZES) {
      await measureWriter(writer, 2_000); // warm-up
      writers.push(await measureWriter(writer, rows));
    }
  return { http, writers };
}

export function exportReport({ http, writers }: ExportFigures, table: (header: string[], rows: string[][]) => string): string[] {
  return [
    `### Table export (${HTTP_ROWS.toLocaleString('en')} assessments through the BFF; the writers alone)`,
    '',
    table(
      ['export of 20,000 rows (10 columns), copy held', 'median ms', 'bytes'],
      http.map((row) => [row.format, row.ms.toFixed(0), row.bytes.toLocaleString('en')]),
    ),
    '',
    table(
      ['writer', 'rows', 'ms', 'heap peak above start, MB', 'file bytes'],
      writers.map((row) => [
        row.writer,
        row.rows.toLocaleString('en'),
        row.ms.toFixed(0),
        row.peakMb.toFixed(1),
        row.bytes.toLocaleString('en'),
      ]),
    ),
  ];
}

export function exportGoals({ http, writers }: ExportFigures, verdict: (met: boolean) => string): GoalRow[] {
  const slowest = Math.max(...http.map((row) => row.ms));
  const growth = (writer: string) => {
    const [small, large] = WRITER_SIZES.map(
      (rows) => writers.find((row) => row.writer === writer && row.rows === rows)?.peakMb ?? Number.NaN,
    );
    return (large ?? Number.NaN) - (small ?? Number.NaN);
  };
  const csv = growth('BFF CSV');
  const xlsx = growth('BFF XLSX (zip-based)');
  return [
    [
      'Export of 20,000 assessments (CSV, XLSX), median',
      `${http.map((row) => `${row.format} ${row.ms.toFixed(0)} ms`).join(', ')}`,
      `≤ ${GOAL_MS} ms`,
      verdict(slowest <= GOAL_MS),
    ],
    [
      'Export writers: heap peak at 50,000 rows minus at 20,000',
      `CSV ${csv.toFixed(1)} MB, XLSX ${xlsx.toFixed(1)} MB`,
      `≤ ${GOAL_GROWTH_MB} MB`,
      verdict(csv <= GOAL_GROWTH_MB && xlsx <= GOAL_GROWTH_MB),
    ],
  ];
}
