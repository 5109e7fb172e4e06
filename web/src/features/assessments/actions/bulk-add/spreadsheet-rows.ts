// The clients an .xlsx lists, counted in the browser so that the coach sees what a bulk add costs before it is sent
// (spec assessments-and-clients §9 "Credits"). An .xlsx is a zip of XML parts: the zip's central directory gives the
// parts and the browser's DecompressionStream inflates them; no spreadsheet library is loaded
// for a count.

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  method: number;
  compressedSize: number;
  localOffset: number;
}

/**
 * The rows after the header row (the first row with a value) that hold any value, in the workbook's first sheet:
 * the clients the upload would add, rows with faults included. Undefined when the file cannot be read as one.
 */
export async function countSpreadsheetClients(file: Blob): Promise<number | undefined> {
  try {
    const zip = new Uint8Array(await file.arrayBuffer());
    const entries = centralDirectory(zip);
    const part = (name: string) => {
      const entry = entries.get(name);
      return entry ? inflate(zip, entry) : Promise.resolve(undefined);
    };
    const workbook = await part('xl/workbook.xml');
    const relationships = await part('xl/_rels/workbook.xml.rels');
    if (workbook === undefined || relationships === undefined) return undefined;
    const sheetPath = firstSheetPath(workbook, relationships);
    const sheet = sheetPath === undefined ? undefined : await part(sheetPath);
    if (sheet === undefined) return undefined;
    const shared = await part('xl/sharedStrings.xml');
    return clientRows(sheet, shared === undefined ? [] : contents(SHARED_STRING, shared).map((item) => textOf(item.inner)));
  } catch {
    return undefined;
  }
}

/** The zip's parts by name, from its central directory (the end record is within the last 64 KB and 22 bytes). */
function centralDirectory(zip: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= Math.max(0, zip.length - 65_557) && view.getUint32(end, true) !== EOCD_SIGNATURE) end -= 1;
  if (end < 0 || view.getUint32(end, true) !== EOCD_SIGNATURE) throw new Error('not a zip');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw new Error('broken central directory');
    const nameLength = view.getUint16(at + 28, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

async function inflate(zip: Uint8Array, entry: ZipEntry): Promise<string> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (view.getUint32(entry.localOffset, true) !== LOCAL_SIGNATURE) throw new Error('broken local header');
  const start = entry.localOffset + 30 + view.getUint16(entry.localOffset + 26, true) + view.getUint16(entry.localOffset + 28, true);
  const data = zip.slice(start, start + entry.compressedSize);
  if (entry.method === STORED) return new TextDecoder().decode(data);
  if (entry.method !== DEFLATED) throw new Error('unsupported compression');
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

// The parts are read as text: the few elements counted need no XML parser (an element may carry a namespace prefix,
// `<x:row>`, and an empty one may close itself, `<c r="A1"/>`).
const element = (name: string) => new RegExp(`<(?:\\w+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:\\w+:)?${name}>)`, 'g');
const ROW = element('row');
const CELL = element('c');
const SHARED_STRING = element('si');
const TEXT = element('t');
const VALUE = element('v');

const attribute = (attributes: string, name: string): string | undefined => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];

const contents = (pattern: RegExp, text: string): { attributes: string; inner: string }[] =>
  [...text.matchAll(pattern)].map((match) => ({ attributes: match[1] ?? '', inner: match[2] ?? '' }));

/** The part of the workbook's first sheet, through the workbook's relationships ("worksheets/sheet1.xml" → "xl/…"). */
function firstSheetPath(workbook: string, relationships: string): string | undefined {
  const sheet = contents(element('sheet'), workbook)[0];
  const id = sheet && /(?:^|\s)\w+:id="([^"]*)"/.exec(sheet.attributes)?.[1];
  const target = contents(element('Relationship'), relationships)
    .map(({ attributes }) => attributes)
    .find((attributes) => attribute(attributes, 'Id') === id);
  const path = target && attribute(target, 'Target');
  if (!path) return undefined;
  return path.startsWith('/') ? path.slice(1) : `xl/${path}`;
}

const textOf = (inner: string): string =>
  contents(TEXT, inner)
    .map((part) => part.inner)
    .join('');

function clientRows(sheet: string, shared: readonly string[]): number {
  const filled = contents(ROW, sheet).filter((row) =>
    contents(CELL, row.inner).some((cell) => {
      const value = contents(VALUE, cell.inner)[0]?.inner ?? '';
      const text = attribute(cell.attributes, 't') === 's' ? (shared[Number(value)] ?? '') : value || textOf(cell.inner);
      return text.trim() !== '';
    }),
  );
  return Math.max(filled.length - 1, 0);
}
