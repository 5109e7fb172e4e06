// The find-anything palette's ranking over one list copy (searchPortal): every record's fields folded once per copy
// (`fold`: accents and case do not matter) and joined into one string searched by indexOf, so a search of 20,000
// records costs a scan of that string and the ranking of the records it hits, never a fold per request.
import { inChunks, recordAt } from './table.ts';

/** Between two fields of a record, and between two records: folded text never holds either (nor does a search). */
const FIELD = '\u0001';
const RECORD = '\u0002';

/** How a record matched, best first: a whole field, a field's start, a word's start, anywhere in a field. */
const EXACT = 0;
const FIELD_PREFIX = 1;
const WORD_PREFIX = 2;
const ANYWHERE = 3;
const NONE = 4;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The best way `text` matches one of a record's fields (NONE when it matches none). */
function rankOf(fields: readonly string[], text: string): number {
  let best = NONE;
  for (const field of fields) {
    if (field === text) return EXACT;
    if (field.startsWith(text)) {
      best = FIELD_PREFIX;
      continue;
    }
    if (best <= WORD_PREFIX) continue;
    for (let at = field.indexOf(text, 1); at !== -1; at = field.indexOf(text, at + 1)) {
      if (!WORD_CHARACTER.test(field.charAt(at - 1))) {
        best = WORD_PREFIX;
        break;
      }
      best = ANYWHERE;
    }
  }
  return best;
}

export interface Found<E> {
  /** The best matches, at most the limit: by rank, ties in the copy's order. */
  found: E[];
  /** Whether more records matched than `found` holds. */
  more: boolean;
}

export class SearchIndex<E> {
  readonly #entries: readonly E[];
  readonly #text: string;
  /** Where each record's fields begin in `#text` (one more: the end). */
  readonly #starts: Int32Array;

  private constructor(entries: readonly E[], text: string, starts: Int32Array) {
    this.#entries = entries;
    this.#text = text;
    this.#starts = starts;
  }

  /**
   * `entries` in the order ties are answered (newest first); `fieldsOf` answers an entry's fields, already folded.
   * Built a chunk at a time (inChunks): tens of thousands of records are folded while other requests are served.
   */
  static async build<E>(entries: readonly E[], fieldsOf: (entry: E) => readonly string[]): Promise<SearchIndex<E>> {
    const starts = new Int32Array(entries.length + 1);
    const parts: string[] = [];
    let at = 0;
    await inChunks(entries, (entry, index) => {
      const part = fieldsOf(entry).join(FIELD);
      starts[index] = at;
      parts.push(part);
      at += part.length + RECORD.length;
    });
    starts[entries.length] = at;
    return new SearchIndex(entries, parts.join(RECORD), starts);
  }

  /** The records `text` (folded, not empty) matches, ranked, at most `limit`. */
  find(text: string, limit: number): Found<E> {
    const ranked: E[][] = [[], [], [], []];
    let matches = 0;
    let from = this.#text.indexOf(text);
    while (from !== -1) {
      const record = recordAt(this.#starts, from);
      const end = this.#starts[record + 1] as number;
      const rank = rankOf(this.#text.slice(this.#starts[record], end - RECORD.length).split(FIELD), text);
      if (rank !== NONE) {
        matches++;
        const bucket = ranked[rank] as E[];
        if (bucket.length < limit) bucket.push(this.#entries[record] as E);
        // The answer cannot change any more: `limit` exact matches, newest first, and one more match seen.
        if (matches > limit && (ranked[EXACT] as E[]).length === limit) break;
      }
      // One hit per record is enough: the next search starts at the next record.
      from = this.#text.indexOf(text, end);
    }
    return { found: ranked.flat().slice(0, limit), more: matches > limit };
  }
}
