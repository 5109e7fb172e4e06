// The coach's assessments as the list screens read them (spec assessments-and-clients §2.1, §2.2, §4.7, §7):
// the own list merged with the received one when the coach has received SCOs, or the given list, read from
// the legacy API once per copy (snapshots/snapshot-cache.ts: one per coach, shared by their sessions). Each
// record's times are checked and its id and creation time read when the copy is made (the default order needs
// nothing else); the row, its search text and the clients are shaped on first use and kept, so the first page
// maps only the rows it shows. A change whose effect is known is patched in (RecordEdits).
import type { components as Bff, operations } from '../../generated/bff.ts';
import { type AssessmentRow, hasLegacyTimes, type LegacyAssessment, toAssessmentRow } from '../domain/assessment-rows.ts';
import { isReceived, type PipelineFilter } from '../domain/pipeline.ts';
import type { SessionContext } from '../operation.ts';
import { upstreamError } from '../problem.ts';
import { isLegacyRefusal } from '../upstream/legacy-client.ts';
import { filterSearchIndex } from './assessment-filter-index.ts';
import type { CopyChange, SnapshotCache } from './snapshot-cache.ts';
import { CHUNK, fold, inChunks, runInTurns, runNow, type SortKey, Table } from './table.ts';

export type AssessmentView = 'own' | 'given';
export type AssessmentSort = NonNullable<NonNullable<operations['listAssessments']['parameters']['query']>['sort']>;
export type ClientSort = NonNullable<NonNullable<operations['listClients']['parameters']['query']>['sort']>;
type ClientRow = Bff['schemas']['ClientRow'];

export interface AssessmentEntry {
  readonly legacy: LegacyAssessment;
  readonly id: string;
  /** The position in the copy's default order. */
  readonly index: number;
  /** The contract's row, shaped on first use. */
  readonly row: AssessmentRow;
  /** Name, surname, e-mail, company and project, folded (contract: listAssessments `q`), on first use. */
  readonly search: string;
}

export interface ClientEntry {
  row: ClientRow;
  search: string;
}

export interface AssessmentSnapshot {
  view: AssessmentView;
  table: Table<AssessmentEntry, AssessmentSort>;
  /** Which entries (by default-order index) a filter and a search keep; null keeps all. */
  keep(filter: PipelineFilter, text: string): Uint8Array | null;
  byId: ReadonlyMap<string, AssessmentEntry>;
  /** The same, built a chunk at a time when not built yet (a selection of tens of thousands looks every id up). */
  indexedById(): Promise<ReadonlyMap<string, AssessmentEntry>>;
  hasReceived: boolean;
  hasGiven: boolean;
  /** The coach's own clients (received assessments' clients are not, spec §4.7), grouped on first use. */
  clients(): Table<ClientEntry, ClientSort>;
  /** The same, grouped a chunk at a time when not grouped yet. */
  groupedClients(): Promise<Table<ClientEntry, ClientSort>>;
  /** Every row and search text shaped, a chunk at a time, once per copy: before a query that reads them all. */
  shaped(): Promise<void>;
}

const folded = (...parts: (string | null)[]): string => fold(parts.filter(Boolean).join('\u0001'));

/** A record of the copy: checked when the copy is made, shaped when first shown, searched or sorted on. */
class LazyEntry implements AssessmentEntry {
  readonly legacy: LegacyAssessment;
  readonly id: string;
  /** The position in the copy's default order (set once the copy is ordered). */
  index = 0;
  /** The legacy creation time ('YYYY-MM-DD HH:MM:SS' sorts as its time does). */
  readonly createdAt: string;
  #row: AssessmentRow | undefined;
  #search: string | undefined;

  constructor(legacy: LegacyAssessment) {
    this.legacy = legacy;
    this.id = legacy.uuid;
    this.createdAt = legacy.tokenCreatedAt;
  }

  /** The same record in another copy (its own index there), with what was shaped of it already. */
  copy(): LazyEntry {
    const entry = new LazyEntry(this.legacy);
    entry.#row = this.#row;
    entry.#search = this.#search;
    return entry;
  }

  get row(): AssessmentRow {
    // Never null: the record's times were checked when the copy was made.
    this.#row ??= toAssessmentRow(this.legacy) as AssessmentRow;
    return this.#row;
  }

  get search(): string {
    const { clientName, clientSurname, clientEmail, clientCompany, userCoach } = this.legacy;
    this.#search ??= folded(clientName, clientSurname, clientEmail, clientCompany, userCoach);
    return this.#search;
  }

  /** The row and the search text shaped now, not on first use. */
  shape(): void {
    this.#row ??= this.row;
    this.#search ??= this.search;
  }
}
const nameKey = (surname: string, name: string): string => fold(`${surname} ${name}`.trim());
const orNull = (text: string): string | null => (text === '' ? null : fold(text));

/** A numeric `aim` when the record carries one (the legacy contract does not list it), else 0. */
function aimOf(a: LegacyAssessment): number {
  const aim = (a as { aim?: unknown }).aim;
  return typeof aim === 'number' && Number.isFinite(aim) ? aim : 0;
}

// spec §1: how the Assessment column shows each type (the web's ASSESSMENT_TYPE_LABELS); the column sorts by it.
export const ASSESSMENT_TYPE_NAMES: Readonly<Record<AssessmentRow['assessmentType'], string>> = {
  ennea: 'Enneagram',
  EIT: 'Maturity',
  full: 'Combined',
};

// spec §2.2: the columns the table sorts on; score is 100 × finalTPR + aim.
function assessmentKey({ legacy: a, row }: AssessmentEntry, column: AssessmentSort): SortKey {
  switch (column) {
    case 'info':
      return nameKey(row.clientSurname, row.clientName);
    case 'company':
      return orNull(row.company);
    case 'project':
      return orNull(row.project);
    case 'ennea':
      return a.userEnnea;
    case 'score':
      return a.finalTPR === null ? null : 100 * a.finalTPR + aimOf(a);
    case 'assessmentType':
      return ASSESSMENT_TYPE_NAMES[row.assessmentType];
    case 'language':
      return row.language;
    case 'createdAt':
      return row.createdAt;
    case 'registeredAt':
      return row.registeredAt ?? null;
    case 'completedAt':
      return row.completedAt ?? null;
    case 'fromCoach':
      return row.fromCoach ? nameKey(row.fromCoach.surname, row.fromCoach.name) : null;
    case 'toCoach':
      return row.toCoaches[0] ? nameKey(row.toCoaches[0].surname, row.toCoaches[0].name) : null;
  }
}

function clientKey({ row }: ClientEntry, column: ClientSort): SortKey {
  switch (column) {
    case 'name':
      return fold(row.name);
    case 'surname':
      return fold(row.surname);
    case 'email':
      return fold(row.email);
    case 'company':
      return orNull(row.company);
    case 'createdAt':
      return row.createdAt;
    case 'assessmentCount':
      return row.assessmentCount;
  }
}

/** The default order of both lists: newest first, then by id (spec §2.2: by tokenCreatedAt). */
const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1;

async function entriesOf(records: unknown, log: SessionContext['log']): Promise<LazyEntry[]> {
  if (!Array.isArray(records)) {
    log.error('tokensX answered something other than a list');
    throw upstreamError();
  }
  const entries: LazyEntry[] = [];
  await inChunks(records as LegacyAssessment[], (legacy) => {
    if (!legacy || typeof legacy !== 'object' || typeof legacy.uuid !== 'string' || !hasLegacyTimes(legacy)) {
      log.error('tokensX answered a record the contract cannot carry');
      throw upstreamError();
    }
    entries.push(new LazyEntry(legacy));
  });
  return entries;
}

/** The clients of the entries, yielding every CHUNK entries (runNow, runInTurns). */
function* groupClients(entries: readonly AssessmentEntry[]): Generator<void, Table<ClientEntry, ClientSort>> {
  const byClient = new Map<string, AssessmentEntry[]>();
  let done = 0;
  for (const entry of entries) {
    if (++done % CHUNK === 0) yield;
    if (isReceived(entry.legacy)) continue;
    const list = byClient.get(entry.row.clientId);
    if (list) list.push(entry);
    else byClient.set(entry.row.clientId, [entry]);
  }
  const clients: ClientEntry[] = [];
  // The entries are newest first: a client's first is their latest assessment, the last their first.
  for (const [id, list] of byClient) {
    if (++done % CHUNK === 0) yield;
    const latest = list[0] as AssessmentEntry;
    const first = list[list.length - 1] as AssessmentEntry;
    const { row } = latest;
    clients.push({
      row: {
        id,
        name: row.clientName,
        surname: row.clientSurname,
        email: row.clientEmail,
        company: row.company,
        createdAt: first.row.createdAt,
        assessmentCount: list.length,
        latestAssessment: {
          id: row.id,
          assessmentType: row.assessmentType,
          createdAt: row.createdAt,
          ...(row.completedAt ? { completedAt: row.completedAt } : {}),
        },
      },
      search: folded(row.clientName, row.clientSurname, row.clientEmail, row.company, ...list.map((entry) => entry.row.project)),
    });
  }
  clients.sort((a, b) => newestFirst(a.row, b.row));
  return new Table<ClientEntry, ClientSort>(clients, clientKey, { column: 'createdAt', order: 'desc' });
}

/** Reads and shapes one view: the coach record (SCO counts) beside the list, the received list when there is one. */
async function loadSnapshot(ctx: SessionContext, view: AssessmentView): Promise<AssessmentSnapshot> {
  const path = { coachId: ctx.session.coachId };
  const tokens = (mode?: 'received' | 'given') =>
    ctx.legacy.GET('/api/v2/coaches/{coachId}/tokensX', { params: { path, ...(mode ? { query: { mode } } : {}) } });
  // The received list is asked for as soon as the coach record says there is one, while the own list downloads.
  const coachAnswer = ctx.legacy.GET('/api/v2/coaches/{coachId}', { params: { path } });
  const receivedAnswer = coachAnswer.then((coach) =>
    view === 'own' && coach.data && coach.data.countOfReceivedSCOs > 0 ? tokens('received') : null,
  );
  const [coach, list, received] = await Promise.all([coachAnswer, tokens(view === 'given' ? 'given' : undefined), receivedAnswer]);
  if (!coach.data || !list.data) throw upstreamError();
  const hasReceived = coach.data.countOfReceivedSCOs > 0;
  const hasGiven = coach.data.countOfGivenSCOs > 0;
  const entries = await entriesOf(list.data, ctx.log);
  // spec §2.1, §7: own merged with received when the coach has received SCOs, each record once.
  if (received) {
    if (!received.data) throw upstreamError();
    const ids = new Set(entries.map((entry) => entry.id));
    for (const entry of await entriesOf(received.data, ctx.log)) if (!ids.has(entry.id)) entries.push(entry);
  }
  entries.sort(newestFirst);
  return snapshotOf(view, entries, hasReceived, hasGiven);
}

/** A copy of `entries` (newest first, each in no other copy). */
function snapshotOf(view: AssessmentView, entries: LazyEntry[], hasReceived: boolean, hasGiven: boolean): AssessmentSnapshot {
  entries.forEach((entry, index) => {
    entry.index = index;
  });
  const keep = filterSearchIndex(entries);
  let clients: Table<ClientEntry, ClientSort> | undefined;
  let byId: Map<string, AssessmentEntry> | undefined;
  let shaped: Promise<void> | undefined;
  let grouping: Promise<Table<ClientEntry, ClientSort>> | undefined;
  let indexing: Promise<Map<string, AssessmentEntry>> | undefined;
  return {
    view,
    keep,
    // Sorted newest first already (ties by id, as Table would order them).
    table: new Table<AssessmentEntry, AssessmentSort>(entries, assessmentKey, { column: 'createdAt', order: 'desc' }),
    // Built on the first lookup by id (actions, details): the first page needs none.
    get byId() {
      byId ??= new Map(entries.map((entry) => [entry.id, entry]));
      return byId;
    },
    indexedById: async () => {
      if (byId) return byId;
      const map = new Map<string, AssessmentEntry>();
      indexing ??= inChunks(entries, (entry) => map.set(entry.id, entry)).then(() => map);
      const built = await indexing;
      byId ??= built;
      return byId;
    },
    hasReceived,
    hasGiven,
    clients: () => {
      clients ??= runNow(groupClients(entries));
      return clients;
    },
    groupedClients: async () => {
      if (clients) return clients;
      grouping ??= runInTurns(groupClients(entries));
      const grouped = await grouping;
      clients ??= grouped;
      return clients;
    },
    shaped: () => {
      shaped ??= inChunks(entries, (entry) => entry.shape());
      return shaped;
    },
  };
}

/** The coach's copy of a view (read again after the TTL, a change whose effect is not known, or on `refresh`). */
export function assessmentSnapshot(
  ctx: SessionContext,
  snapshots: SnapshotCache,
  view: AssessmentView,
  refresh = false,
): Promise<AssessmentSnapshot> {
  return snapshots.get({
    coachId: ctx.session.coachId,
    list: `${LIST_PREFIX}${view}`,
    load: () => loadSnapshot(ctx, view),
    rowsOf: (snapshot) => snapshot.table.entries.length,
    refresh,
    signal: ctx.signal,
  });
}

const LIST_PREFIX = 'assessments:';

/**
 * Makes the coach's copy of their own assessments in the background (the dashboard does, after its reads), so that
 * opening the table from the drawer finds it made or being made (a read running is joined). Detached from the
 * request: the browser has its dashboard and the read goes on; a failure only leaves the copy to the table's own read.
 */
export function warmAssessmentSnapshot(ctx: SessionContext, snapshots: SnapshotCache): void {
  const detached: SessionContext = { ...ctx, legacy: ctx.legacy.detached(), signal: new AbortController().signal };
  assessmentSnapshot(detached, snapshots, 'own').catch((error: unknown) => {
    ctx.log.debug({ err: error }, 'the assessments copy was not warmed');
  });
}

/**
 * A legacy call that changes records, seen by the call's change: an answer that does not tell whether the change
 * was made (none in time, a 5xx, the browser gone, a status neither done nor a refusal) makes its effect unknown.
 */
export async function changeCall<A extends { response: { ok: boolean; status: number } }>(
  change: CopyChange,
  call: Promise<A>,
): Promise<A> {
  let answer: A;
  try {
    answer = await call;
  } catch (error) {
    change.unknown();
    throw error;
  }
  if (!answer.response.ok && !isLegacyRefusal(answer.response)) change.unknown();
  return answer;
}

type RecordFields = Partial<Omit<LegacyAssessment, 'uuid' | 'tokenCreatedAt' | 'clientUUID'>>;
type ClientFields = Partial<Pick<LegacyAssessment, 'clientName' | 'clientSurname' | 'clientEmail' | 'clientCompany' | 'otherData'>>;

/**
 * What a change did to the coach's records, as the legacy answers tell it: fields set on a record, a record
 * removed, a client's fields set (every record of that client carries them). Each value is what the legacy list
 * answers after the change (sandbox/handlers/ is the reference), set whatever the copy holds, so a copy read
 * after the change stays as it is. Never the creation time or an id: the copy's order stays as it is.
 */
export class RecordEdits {
  readonly #records = new Map<string, RecordFields | null>();
  readonly #clients = new Map<string, ClientFields>();

  set(assessmentId: string, fields: RecordFields): void {
    const known = this.#records.get(assessmentId);
    if (known !== null) this.#records.set(assessmentId, { ...known, ...fields });
  }

  remove(assessmentId: string): void {
    this.#records.set(assessmentId, null);
  }

  setClient(clientId: string, fields: ClientFields): void {
    this.#clients.set(clientId, { ...this.#clients.get(clientId), ...fields });
  }

  /** Hands the edits to the call's change: every copy of the coach gets them when the call ends. */
  reportTo(change: CopyChange): void {
    if (this.#records.size === 0 && this.#clients.size === 0) return;
    change.patch((copy, list) => (list.startsWith(LIST_PREFIX) ? this.#applied(copy as AssessmentSnapshot) : null));
  }

  #applied(snapshot: AssessmentSnapshot): AssessmentSnapshot {
    const entries: LazyEntry[] = [];
    for (const entry of snapshot.table.entries as readonly LazyEntry[]) {
      const fields = this.#records.get(entry.id);
      if (fields === null) continue;
      const client = this.#clients.get(entry.legacy.clientUUID);
      entries.push(fields || client ? new LazyEntry({ ...entry.legacy, ...client, ...fields }) : entry.copy());
    }
    return snapshotOf(snapshot.view, entries, snapshot.hasReceived, snapshot.hasGiven);
  }
}
