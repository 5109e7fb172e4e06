// How an Idempotency-Key record is kept (idempotency-store.ts, memory and Redis): compact and bounded in bytes.
// - A per-item result (the contract's BatchResult: `failed` a list of {id, name, code, message}) keeps its failures as
//   columns: the ids, the names, each failure's code and message as an index into the distinct codes and messages,
//   a message with the item's name taken out (so "{name} send failed with …" is kept once for every item). The
//   answer a repeat gets is rebuilt from them, the same as the first one.
// - A ledger entry (batch-ledger.ts) is kept as a short list: its outcome's letter, the name, and for a failure
//   the code and the message without the name.
// - The whole is deflated and kept as base64 text beside the record's state and fingerprint (which Redis' scripts read).
// - A record larger than IDEMPOTENCY_RECORD_MAX_BYTES even so is not kept whole: a finished action keeps a mark that
//   it was done (a repeat is told so and sends nothing again); a cut one keeps no result, and a repeat resumes from
//   its per-item ledger, as after a dead instance (docs/decisions/020-idempotency-records-bounded-in-bytes.md).
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { LedgerEntry } from './batch-ledger.ts';
import type { BatchFailure } from './batch-types.ts';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** The largest record kept for a key (its stored text, in bytes): a select-all of 20,000 items that all failed fits. */
export const IDEMPOTENCY_RECORD_MAX_BYTES = 1024 * 1024;

/** What a kept record holds, as the stores hand it out (idempotency-store.ts's IdempotencyRecord). */
export type KeptRecord =
  | { state: 'running'; fingerprint: string }
  /** `notKept`: the answer was larger than the bound; only that it was done is kept (`answer` is then undefined). */
  | { state: 'done'; fingerprint: string; answer: unknown; notKept?: true }
  | { state: 'cut'; fingerprint: string; result: unknown };

/** The stored form: the state and fingerprint as they are (the Redis scripts read them), the rest packed. */
type Stored =
  | { state: 'running'; fingerprint: string }
  | { state: 'done' | 'cut'; fingerprint: string; packed: string }
  | { state: 'done'; fingerprint: string; notKept: true };

/** A result's failures as columns; `code` and `text` index `codes` and `texts` (a text's NAME stands for the item's name). */
interface FailureColumns {
  ids: string[];
  names: string[];
  codes: string[];
  code: number[];
  texts: string[];
  text: number[];
}

const NAME = '\u0000';

type Json = Record<string, unknown>;
const isFailure = (value: unknown): value is BatchFailure =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Json).id === 'string' &&
  typeof (value as Json).name === 'string' &&
  typeof (value as Json).code === 'string' &&
  typeof (value as Json).message === 'string' &&
  Object.keys(value).length === 4;

function indexIn(index: Map<string, number>, list: string[], value: string): number {
  let at = index.get(value);
  if (at === undefined) {
    at = list.push(value) - 1;
    index.set(value, at);
  }
  return at;
}

function columnsOf(failed: readonly BatchFailure[]): FailureColumns {
  const columns: FailureColumns = { ids: [], names: [], codes: [], code: [], texts: [], text: [] };
  const codes = new Map<string, number>();
  const texts = new Map<string, number>();
  for (const { id, name, code, message } of failed) {
    columns.ids.push(id);
    columns.names.push(name);
    columns.code.push(indexIn(codes, columns.codes, code));
    columns.text.push(indexIn(texts, columns.texts, name === '' ? message : message.split(name).join(NAME)));
  }
  return columns;
}

function failuresOf(columns: FailureColumns): BatchFailure[] {
  return columns.ids.map((id, at) => {
    const name = columns.names[at] as string;
    const text = columns.texts[columns.text[at] as number] as string;
    return { id, name, code: columns.codes[columns.code[at] as number] as string, message: text.split(NAME).join(name) };
  });
}

/** Packs a value: a per-item result's failures as columns, the whole deflated, as base64. */
export async function pack(value: unknown): Promise<string> {
  const failed = (value as Json | null | undefined)?.failed;
  const compact =
    typeof value === 'object' && value !== null && Array.isArray(failed) && failed.every(isFailure)
      ? { value: { ...(value as Json), failed: [] }, failures: columnsOf(failed) }
      : { value };
  return (await deflate(Buffer.from(JSON.stringify(compact) ?? 'null'))).toString('base64');
}

/** The value `pack` was given. */
export async function unpack(packed: string): Promise<unknown> {
  const { value, failures } = JSON.parse((await inflate(Buffer.from(packed, 'base64'))).toString()) as {
    value: unknown;
    failures?: FailureColumns;
  };
  return failures ? { ...(value as Json), failed: failuresOf(failures) } : value;
}

/**
 * The stored text of a record, at most `maxBytes` long: a finished one too large keeps only that it was done; a cut
 * one too large keeps no result (running without a lease: a repeat takes it over and resumes from the ledger).
 */
export async function encodeRecord(record: KeptRecord, maxBytes = IDEMPOTENCY_RECORD_MAX_BYTES): Promise<string> {
  const { fingerprint } = record;
  const stored = (text: Stored) => JSON.stringify(text);
  if (record.state === 'running') return stored({ state: 'running', fingerprint });
  if (record.state === 'done' && record.notKept) return stored({ state: 'done', fingerprint, notKept: true });
  const packed = await pack(record.state === 'done' ? record.answer : record.result);
  const text = stored({ state: record.state, fingerprint, packed });
  if (Buffer.byteLength(text) <= maxBytes) return text;
  return record.state === 'done' ? stored({ state: 'done', fingerprint, notKept: true }) : stored({ state: 'running', fingerprint });
}

/** The record a stored text holds. */
export async function decodeRecord(text: string): Promise<KeptRecord> {
  const stored = JSON.parse(text) as Stored;
  const { fingerprint } = stored;
  if (stored.state === 'running') return { state: 'running', fingerprint };
  if ('notKept' in stored) return { state: 'done', fingerprint, answer: undefined, notKept: true };
  // A record kept whole, as JSON, before records were packed (it lives 24 hours): read as it is.
  const whole = stored as { answer?: unknown; result?: unknown; packed?: string };
  const value = whole.packed === undefined ? (stored.state === 'cut' ? whole.result : whole.answer) : await unpack(whole.packed);
  return stored.state === 'cut' ? { state: 'cut', fingerprint, result: value } : { state: 'done', fingerprint, answer: value };
}

/** A ledger entry as kept: ["s", name], ["r", name] (started) or ["f", name, code, message without the name]. */
export function encodeEntry(entry: LedgerEntry): string {
  if (entry.outcome === 'succeeded') return JSON.stringify(['s', entry.name]);
  if (entry.outcome === 'started') return JSON.stringify(['r', entry.name]);
  const text = entry.name === '' ? entry.message : entry.message.split(entry.name).join(NAME);
  return JSON.stringify(['f', entry.name, entry.code, text]);
}

/** The ledger entry a kept text holds (an entry kept whole as JSON too). */
export function decodeEntry(text: string): LedgerEntry {
  const value = JSON.parse(text) as LedgerEntry | [string, string, string?, string?];
  if (!Array.isArray(value)) return value;
  const [outcome, name, code = '', message = ''] = value;
  if (outcome === 's') return { outcome: 'succeeded', name };
  if (outcome === 'r') return { outcome: 'started', name };
  return { outcome: 'failed', name, code, message: message.split(NAME).join(name) };
}
