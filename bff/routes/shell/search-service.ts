// The find-anything palette (contract searchPortal): the coach's clients, assessments, teams and pairs found by
// name, e-mail, company or project in the coach's list copies (snapshots/), never by a search sent to the legacy API.
// Each copy's search keys are folded once and kept beside it (a WeakMap: they go with the copy); each kind is
// ranked (a whole field, a field's start, a word's start, anywhere; ties newest first) and capped at `limit`.
import type { components as Bff } from '../../../generated/bff.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { problem } from '../../problem.ts';
import {
  type AssessmentEntry,
  type AssessmentSnapshot,
  assessmentSnapshot,
  type ClientEntry,
} from '../../snapshots/assessment-snapshot.ts';
import { type Found, SearchIndex } from '../../snapshots/search-index.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { fold } from '../../snapshots/table.ts';
import { pairsSnapshot, type RowsSnapshot, teamsSnapshot } from '../../snapshots/team-pair-snapshots.ts';

type SearchResults = Bff['schemas']['SearchResults'];
type TeamRow = Bff['schemas']['TeamRow'];
type PairRow = Bff['schemas']['PairRow'];

export const BLANK_SEARCH_MESSAGE = 'Please enter what to search for.';
const DEFAULT_LIMIT = 5;

// The table's own search text (name, surname, e-mail, company, project: folded, joined by \u0001) split into its
// fields, with the whole name beside them so that "jan novak" is a field's exact match.
const tableFields = (search: string, name: string, surname: string): string[] => [fold(`${name} ${surname}`), ...search.split('\u0001')];
const folded = (...fields: string[]): string[] => fold(fields.join('\u0001')).split('\u0001');

/** The search keys of one copy, made on its first search (a chunk at a time) and kept while the copy lives. */
function indexOf<C extends object, E>(
  indexes: WeakMap<C, Promise<SearchIndex<E>>>,
  copy: C,
  build: (copy: C) => Promise<SearchIndex<E>>,
): Promise<SearchIndex<E>> {
  let index = indexes.get(copy);
  if (!index) {
    index = build(copy);
    indexes.set(copy, index);
    // A build that failed is not kept: the next search builds it again.
    index.catch(() => indexes.delete(copy));
  }
  return index;
}

// Keyed by the copies themselves: the own assessments view's table, its clients' table, the teams and pairs copies.
const assessmentIndexes = new WeakMap<AssessmentSnapshot['table'], Promise<SearchIndex<AssessmentEntry>>>();
const clientIndexes = new WeakMap<ReturnType<AssessmentSnapshot['clients']>, Promise<SearchIndex<ClientEntry>>>();
const teamIndexes = new WeakMap<RowsSnapshot<TeamRow>, Promise<SearchIndex<TeamRow>>>();
const pairIndexes = new WeakMap<RowsSnapshot<PairRow>, Promise<SearchIndex<PairRow>>>();

const NOTHING: Found<never> = { found: [], more: false };

/** searchPortal: the four kinds from the coach's copies, read only when missing or stale (in parallel). */
export async function searchPortal(
  { query: { q, limit = DEFAULT_LIMIT } }: OperationInput<'searchPortal'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<SearchResults> {
  const text = fold(q.trim());
  if (text === '') {
    throw problem(400, 'validation_failed', BLANK_SEARCH_MESSAGE, 'Failed', { errors: [{ field: 'q', message: BLANK_SEARCH_MESSAGE }] });
  }
  // The palette finds what the role's screens show (bff/roles.ts, web/src/lib/screens.ts): a mini-only coach opens
  // none of the four kinds' screens (nothing found, nothing read); an assistant opens the assessments area by its
  // address (spec assessments-and-clients §1, §6: its clients and assessments, as its tables list them) but not Teams
  // or Pairs (coach-shell §2.1: those are neither found nor read).
  const { assisted, onlyMiniAssessment } = ctx.session.flags;
  if (onlyMiniAssessment) return answer(q, NOTHING, NOTHING, NOTHING, NOTHING);
  const [own, teams, pairs] = await Promise.all([
    assessmentSnapshot(ctx, snapshots, 'own'),
    assisted ? null : teamsSnapshot(ctx, snapshots),
    assisted ? null : pairsSnapshot(ctx, snapshots),
  ]);
  // Rows and search texts shaped a chunk at a time before the indexes and the clients read them.
  await own.shaped();
  const assessmentIndex = await indexOf(assessmentIndexes, own.table, (table) => {
    return SearchIndex.build(table.entries, ({ search, legacy }) => tableFields(search, legacy.clientName, legacy.clientSurname));
  });
  const clientIndex = await indexOf(clientIndexes, await own.groupedClients(), (table) => {
    return SearchIndex.build(table.entries, ({ search, row }) => tableFields(search, row.name, row.surname));
  });
  const teamIndex =
    teams &&
    (await indexOf(teamIndexes, teams, ({ rows }) => SearchIndex.build(rows, (row) => folded(row.name, row.description, row.project))));
  const pairIndex =
    pairs &&
    (await indexOf(pairIndexes, pairs, ({ rows }) => {
      return SearchIndex.build(rows, ({ members }) =>
        folded(...members.flatMap((m) => [m.clientName, m.clientSurname, `${m.clientName} ${m.clientSurname}`, m.clientEmail])),
      );
    }));
  return answer(
    q,
    clientIndex.find(text, limit),
    assessmentIndex.find(text, limit),
    teamIndex?.find(text, limit) ?? NOTHING,
    pairIndex?.find(text, limit) ?? NOTHING,
  );
}

function answer(
  q: string,
  clients: Found<ClientEntry>,
  assessments: Found<AssessmentEntry>,
  teams: Found<TeamRow>,
  pairs: Found<PairRow>,
): SearchResults {
  return {
    q,
    clients: clients.found.map((entry) => entry.row),
    assessments: assessments.found.map((entry) => entry.row),
    teams: teams.found,
    pairs: pairs.found,
    more: { clients: clients.more, assessments: assessments.more, teams: teams.more, pairs: pairs.more },
  };
}
