// A large legacy answer that is a JSON array (a coach's list: 21 MB at 20,000 records) parsed a slice of records at
// a time, with a turn of the event loop between slices: decoding and parsing it whole blocked every other request
// of the instance for ≈ 200 ms of CPU at 20,000 records (docs/benchmarks.md "Heavy coach"). Each slice is cut
// between two records of the top-level array and parsed by JSON.parse, so the records are exactly what JSON.parse
// of the whole answer makes, and an answer it refuses is refused here too (SyntaxError).
//
// Where to cut: the next `},{` after the slice's size (native search); a cut there is right exactly when the slice
// parses, since the slice starts between two records, so a `}` inside a string (or a nested object) leaves it
// unparseable. After a few wrong candidates (or none: an answer with spaces between records) the bytes are scanned,
// strings and nesting tracked, for the next comma between two records.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Answers from this size on are parsed in slices (smaller ones cost under a few milliseconds whole). */
export const SLICED_JSON_BYTES = 512 * 1024;
/** About this many bytes per slice: ≈ 2–4 ms of decoding and parsing. */
const SLICE_BYTES = 192 * 1024;
const CANDIDATES = 3;
const BETWEEN_RECORDS = Buffer.from('},{');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * From `from` (between two records of the top-level array), the first comma between two records at or after
 * `after`, or the array's closing bracket; -1 when the array does not end well.
 */
function scanCut(bytes: Buffer, from: number, after: number): number {
  let depth = 0;
  let inString = false;
  for (let at = from; at < bytes.length; at++) {
    const byte = bytes[at];
    if (inString) {
      // An escape's next byte is never the string's end (`\"`, `\\`; `\u` is followed by hex digits).
      if (byte === BACKSLASH) at++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      if (depth === 0) return byte === CLOSE_ARRAY ? at : -1;
      depth--;
    } else if (byte === COMMA && depth === 0 && at >= after) return at;
  }
  return -1;
}

const parseRecords = (bytes: Buffer, start: number, end: number): unknown[] =>
  JSON.parse(`[${bytes.toString('utf8', start, end)}]`) as unknown[];

/**
 * JSON.parse of `bytes` (UTF-8), a slice at a time when it is a large top-level array; anything else is parsed whole.
 * Rejects with a SyntaxError where JSON.parse would throw one.
 */
export async function parseJsonInSlices(bytes: Buffer): Promise<unknown> {
  let first = 0;
  while (isSpace(bytes[first])) first++;
  if (bytes.length < SLICED_JSON_BYTES || bytes[first] !== OPEN_ARRAY) return JSON.parse(bytes.toString('utf8'));
  let last = bytes.length - 1;
  while (isSpace(bytes[last])) last--;
  if (bytes[last] !== CLOSE_ARRAY) throw new SyntaxError('Unexpected end of JSON input');
  const records: unknown[] = [];
  const add = (parsed: unknown[]) => {
    for (const record of parsed) records.push(record);
  };
  let start = first + 1;
  while (last - start > 2 * SLICE_BYTES) {
    let parsed: unknown[] | undefined;
    let cut = start + SLICE_BYTES;
    for (let tries = 0; tries < CANDIDATES && !parsed; tries++) {
      cut = bytes.indexOf(BETWEEN_RECORDS, cut);
      if (cut === -1 || cut >= last) break;
      try {
        parsed = parseRecords(bytes, start, cut + 1);
      } catch {
        cut++;
      }
    }
    if (parsed) {
      start = cut + 2;
    } else {
      cut = scanCut(bytes, start, start + SLICE_BYTES);
      if (cut === -1 || (bytes[cut] === CLOSE_ARRAY && cut !== last)) throw new SyntaxError('Unexpected token in JSON array');
      if (cut === last) break;
      parsed = parseRecords(bytes, start, cut);
      // A comma right after another (`[1,,2]`) would cut an empty slice: JSON.parse of the whole refuses it.
      if (parsed.length === 0) throw new SyntaxError('Unexpected "," in JSON array');
      start = cut + 1;
    }
    add(parsed);
    await nextTurn();
  }
  // The rest: a slice of at most twice the size, ending at the array's closing bracket.
  const rest = parseRecords(bytes, start, last);
  if (rest.length === 0 && records.length > 0) throw new SyntaxError('Unexpected "," in JSON array');
  add(rest);
  return records;
}
