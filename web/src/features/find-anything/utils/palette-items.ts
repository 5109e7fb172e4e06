import type { LucideIcon } from 'lucide-react';
import { ASSESSMENT_TYPE_LABELS } from '../../../lib/labels/assessments.ts';
import type { AssessmentRow, ClientRow, PairRow, SearchResults, TeamRow } from '../api/search-portal.ts';

/** A screen of the coach area the role's drawer shows: its label and address. */
export interface PaletteScreen {
  id: string;
  label: string;
  path: string;
  /** The drawer's icon for it (else the palette's screen icon). */
  icon?: LucideIcon | undefined;
}

/** Something the shell can do at once ("Add New Client", "Leave A Message", "Log Out"). */
export interface PaletteCommand {
  id: string;
  label: string;
  /** Other words it is found by. */
  keywords?: string;
  run: () => void;
}

/** An action of the assessments table the palette starts on one assessment (the table's own dialogs). */
export interface AssessmentCommand {
  id: string;
  label: string;
  /** Whether the row allows it (its `permissions`); a reason when not. */
  refusal?: (row: AssessmentRow) => string | undefined;
  /** Fetches its code ahead of the press. */
  preload?: () => void;
}

export type RecordKind = 'clients' | 'assessments' | 'teams' | 'pairs';

export type PaletteItem =
  | { key: string; kind: 'clients'; row: ClientRow }
  | { key: string; kind: 'assessments'; row: AssessmentRow }
  | { key: string; kind: 'teams'; row: TeamRow }
  | { key: string; kind: 'pairs'; row: PairRow }
  | { key: string; kind: 'more'; of: RecordKind }
  | { key: string; kind: 'screens'; screen: PaletteScreen }
  | { key: string; kind: 'commands'; command: PaletteCommand };

export interface PaletteSection {
  id: string;
  title: string;
  items: PaletteItem[];
}

/** The kinds' headings, in the order shown: the records first (the BFF's ranking within each), then the portal's own. */
export const KIND_TITLES: Readonly<Record<RecordKind | 'screens' | 'commands', string>> = {
  clients: 'Clients',
  assessments: 'Assessments',
  teams: 'Teams',
  pairs: 'Pairs',
  screens: 'Screens',
  commands: 'Actions',
};

const RECORD_KINDS: readonly RecordKind[] = ['clients', 'assessments', 'teams', 'pairs'];

/** Text as it is compared: lower case, without accents (the BFF's search folds them too: 'novak' finds 'Novák'). */
const foldChar = (char: string) => char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
export const fold = (text: string): string => [...text].map(foldChar).join('');

/**
 * The text cut into the parts that match the search and those between, for `<mark>`: case and accents aside, every
 * place the search occurs; nothing marked when it does not.
 */
export function highlightParts(text: string, search: string): { text: string; match: boolean }[] {
  const needle = fold(search.trim());
  if (needle === '') return [{ text, match: false }];
  // The folded text with, for each of its characters, where it came from in the original.
  const chars = [...text];
  let folded = '';
  const origin: number[] = [];
  chars.forEach((char, index) => {
    for (const part of foldChar(char)) {
      folded += part;
      origin.push(index);
    }
  });
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const start = origin[at] ?? 0;
    const end = (origin[at + needle.length - 1] ?? start) + 1;
    if (start > from) parts.push({ text: chars.slice(from, start).join(''), match: false });
    parts.push({ text: chars.slice(start, end).join(''), match: true });
    from = end;
  }
  if (from < chars.length) parts.push({ text: chars.slice(from).join(''), match: false });
  return parts;
}

/**
 * How well a label matches (lower is better), as the BFF ranks records: the whole label, then its start, then a
 * word's start, then anywhere; undefined when it does not match.
 */
function rank(label: string, search: string): number | undefined {
  const text = fold(label);
  if (text === search) return 0;
  if (text.startsWith(search)) return 1;
  if (text.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(search))) return 2;
  return text.includes(search) ? 3 : undefined;
}

function matching<T>(entries: readonly T[], search: string, textOf: (entry: T) => string, labelOf: (entry: T) => string): T[] {
  if (search === '') return [...entries];
  const ranked = entries.flatMap((entry) => {
    const byLabel = rank(labelOf(entry), search);
    const byWords = rank(textOf(entry), search);
    const best = Math.min(byLabel ?? 9, byWords === undefined ? 9 : byWords + 1);
    return best < 9 ? [{ entry, best }] : [];
  });
  return ranked.sort((a, b) => a.best - b.best).map(({ entry }) => entry);
}

/** The sections the palette lists for a search: the BFF's records as it ranked them, then the matching screens and actions. */
export function paletteSections(
  search: string,
  results: SearchResults | undefined,
  screens: readonly PaletteScreen[],
  commands: readonly PaletteCommand[],
): PaletteSection[] {
  const needle = fold(search.trim());
  const sections: PaletteSection[] = [];
  if (needle !== '' && results) {
    for (const kind of RECORD_KINDS) {
      const items = results[kind].map((row) => ({ key: `${kind}:${row.id}`, kind, row }) as PaletteItem);
      if (items.length === 0) continue;
      if (results.more[kind]) items.push({ key: `more:${kind}`, kind: 'more', of: kind });
      sections.push({ id: kind, title: KIND_TITLES[kind], items });
    }
  }
  const screenItems = matching(
    screens,
    needle,
    (screen) => screen.label,
    (screen) => screen.label,
  ).map((screen): PaletteItem => ({ key: `screens:${screen.id}`, kind: 'screens', screen }));
  if (screenItems.length > 0) sections.push({ id: 'screens', title: KIND_TITLES.screens, items: screenItems });
  const commandItems = matching(
    commands,
    needle,
    (command) => `${command.label} ${command.keywords ?? ''}`,
    (command) => command.label,
  ).map((command): PaletteItem => ({ key: `commands:${command.id}`, kind: 'commands', command }));
  if (commandItems.length > 0) sections.push({ id: 'commands', title: KIND_TITLES.commands, items: commandItems });
  return sections;
}

export const fullName = (row: { name: string; surname: string }) => `${row.name} ${row.surname}`.trim();
export const assessmentClient = (row: AssessmentRow) => `${row.clientName} ${row.clientSurname}`.trim();
export const assessmentType = (row: AssessmentRow) => ASSESSMENT_TYPE_LABELS[row.assessmentType];
export const pairName = (row: PairRow) =>
  row.info.trim() || row.members.map((member) => `${member.clientName} ${member.clientSurname}`.trim()).join(' & ');

/** Where a record opens: its own page, or its table narrowed to it with the record selected (`select`). */
export function recordPath(item: PaletteItem, search: string): string | undefined {
  const narrowed = (path: string, q: string, id: string) => `${path}?${new URLSearchParams({ q, select: id })}`;
  switch (item.kind) {
    case 'clients':
      return `/clighent/${item.row.id}`;
    case 'assessments':
      return narrowed('/assessments', item.row.clientEmail, item.row.id);
    case 'teams':
      return `/team?${new URLSearchParams({ id: item.row.id })}`;
    case 'pairs':
      return narrowed('/pairs', item.row.members[0]?.clientEmail ?? pairName(item.row), item.row.id);
    case 'more':
      return `${item.of === 'clients' ? '/clients' : `/${item.of}`}?${new URLSearchParams({ q: search.trim() })}`;
    case 'screens':
      return item.screen.path;
    case 'commands':
      return undefined;
  }
}
