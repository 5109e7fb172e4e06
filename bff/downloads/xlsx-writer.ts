// A one-sheet Excel workbook written row by row (decision 029): the fixed parts of an Office Open XML package and the
// worksheet's XML, generated while the zip deflates it and the reader takes it (inline strings, so no shared-string
// table holds every text; dates as Excel serial days shown `yyyy-mm-dd` (`yyyy-mm-dd hh:mm` with a time), the
// table's format; numbers as numbers; the header row bold and frozen, with a filter).
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { ExportCell, ExportSheet } from './export-sheet.ts';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const FIXED_PARTS: readonly [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  ],
  // Style 1: a date as the table shows it; style 2: the bold header; style 3: a date and time as the table shows it.
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

const workbook = (sheetName: string) =>
  `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Characters XML 1.0 cannot hold at all (control characters but tab and line ends, lone surrogates) are left out. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing what XML cannot carry is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export const escapeXml = (text: string): string => text.replace(NOT_XML, '').replace(/[&<>"]/g, (char) => ESCAPES[char] as string);

/**
 * Excel's serial day of an instant's UTC date (1900 date system: day 25569 is 1970-01-01); with `time`, the day and
 * the fraction of it the instant's hours and minutes (as written in it: the table's date and time).
 */
export function excelDay(iso: string, time = false): number | undefined {
  const day = Date.parse(time ? `${iso.slice(0, 16)}:00Z` : `${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day) ? undefined : day / 86_400_000 + 25_569;
}

/** A column's letters (0 → A, 26 → AA). */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

const text = (ref: string, value: string, style = '') =>
  `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;

/** A cell at `ref` (blank cells are left out, as Excel writes them). */
function cellXml(ref: string, cell: ExportCell): string {
  if (typeof cell === 'string') return cell === '' ? '' : text(ref, cell);
  if ('number' in cell) return Number.isFinite(cell.number) ? `<c r="${ref}"><v>${cell.number}</v></c>` : '';
  const day = cell.date === undefined ? undefined : excelDay(cell.date, cell.time);
  return day === undefined ? '' : `<c r="${ref}" s="${cell.time ? 3 : 1}"><v>${day}</v></c>`;
}

const CHUNK = 16 * 1024;

function* sheetXml({ labels, rows }: ExportSheet): Generator<string> {
  const names = labels.map((_, index) => columnName(index));
  const last = names.at(-1) ?? 'A';
  const widths = labels.map((_, index) => `<col min="${index + 1}" max="${index + 1}" width="22" customWidth="1"/>`).join('');
  let chunk =
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<cols>${widths}</cols><sheetData><row r="1">${labels.map((label, index) => text(`${names[index]}1`, label, ' s="2"')).join('')}</row>`;
  let count = 1;
  for (const row of rows) {
    count += 1;
    chunk += `<row r="${count}">${row.map((cell, index) => cellXml(`${names[index]}${count}`, cell)).join('')}</row>`;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</sheetData><autoFilter ref="A1:${last}${count}"/></worksheet>`;
}

/** The workbook's bytes, as the zip writes them. */
export function xlsxStream(sheet: ExportSheet, sheetName = 'Export'): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  for (const [name, content] of FIXED_PARTS) archive.append(content, { name });
  archive.append(workbook(sheetName), { name: 'xl/workbook.xml' });
  archive.append(Readable.from(sheetXml(sheet), { objectMode: false }), { name: 'xl/worksheets/sheet1.xml' });
  void archive.finalize().catch(() => {
    // A reader that leaves ends the zip; the stream's own 'error' reaches whoever pipes it.
  });
  return archive;
}
