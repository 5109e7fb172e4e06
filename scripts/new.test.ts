// The scaffold (scripts/new.ts) on a copy of the files it amends: it writes the recipe's files, adds the lines
// that register them where the recipe says, follows openapi/CONVENTIONS.md and web/README.md, writes what biome
// would, refuses to write over anything, and names what is left to the hand.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadYaml } from '../contract/operations.ts';
import { newOperation, type OperationOptions, pathFileOf } from './new/operation.ts';
import { newScreen, type ScreenOptions } from './new/screen.ts';
import { Tree } from './new/tree.ts';
import { format } from './new.ts';

const ROOT = join(import.meta.dirname, '..');
const AMENDED = [
  'openapi/bff/openapi.yaml',
  'openapi/README.md',
  'bff/roles.ts',
  'bff/routes/shell/shell-routes.ts',
  'web/src/lib/screens.ts',
];

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'scaffold-'));
  for (const file of AMENDED) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(ROOT, file), join(root, file));
  }
  mkdirSync(join(root, 'openapi/bff/paths'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const LIST_NOTES: OperationOptions = {
  operationId: 'listNotes',
  tag: 'shell',
  method: 'get',
  path: '/api/notes',
  feature: 'notes',
  web: 'notes',
  spec: 'coach-shell §2.9',
  sorts: ['title', 'createdAt'],
};
const NOTES: ScreenOptions = {
  screenId: 'notes',
  web: 'notes',
  path: '/notes',
  label: 'Notes',
  list: 'listNotes',
  spec: 'coach-shell §2.9',
};
/** The lines of `source` that import from `module`. */
const importsOf = (source: string, module: string) => source.split('\n').filter((line) => line.endsWith(`from '${module}';`));

describe('npm run new', () => {
  it('writes an operation: the contract, the handler and its registrations, the tests, the web hook', () => {
    const written = newOperation(new Tree(root), LIST_NOTES);
    expect(written.created).toEqual([
      'openapi/bff/paths/api_notes.yaml',
      'openapi/bff/components/schemas/NotePage.yaml',
      'openapi/bff/components/schemas/NoteRow.yaml',
      'bff/routes/shell/notes-service.ts',
      'bff/routes/shell/list-notes-sandbox.test.ts',
      'bff/routes/shell/list-notes-faults.test.ts',
      'web/src/features/notes/api/list-notes.ts',
    ]);
    expect(written.amended).toEqual(['openapi/bff/openapi.yaml', 'openapi/README.md', 'bff/routes/shell/shell-routes.ts', 'bff/roles.ts']);
    expect(read('openapi/bff/openapi.yaml')).toMatch(/ {2}\/api\/notes:\n {4}\$ref: paths\/api_notes\.yaml\ncomponents:\n/);
    expect(read('bff/routes/shell/shell-routes.ts')).toMatch(
      /import \{ listNotes \} from '\.\/notes-service\.ts';[\s\S]*\n {2}listNotes,\n\}\);/,
    );
    expect(read('bff/roles.ts')).toMatch(/\n {2}listNotes: ALL,\n\};/);
    expect(read('openapi/bff/paths/api_notes.yaml')).toContain('operationId: listNotes');
    expect(read('openapi/bff/paths/api_notes.yaml')).toContain('- name: pageSize');
    // The faults test checks its answers against the contract and counts a legacy call left for the hand to name.
    const faults = read('bff/routes/shell/list-notes-faults.test.ts');
    expect(faults).toContain('await injectChecked(bff.server, {');
    expect(faults).toContain('<the legacy call>');
    expect(faults).toContain('expect(bff.calls(LEGACY)).toHaveLength(1);');
    expect(written.toFill.length).toBeGreaterThan(0);
  });

  it('adds its imports to a service file that has other imports, one import per module', () => {
    const service = 'bff/routes/shell/notes-service.ts';
    mkdirSync(dirname(join(root, service)), { recursive: true });
    writeFileSync(
      join(root, service),
      "// Notes.\nimport type { SessionContext } from '../../operation.ts';\n\nexport const noteCount = (_ctx: SessionContext) => 0;\n",
    );
    const tree = new Tree(root);
    newOperation(tree, LIST_NOTES);
    newOperation(tree, { operationId: 'deleteNote', tag: 'shell', method: 'delete', path: '/api/notes/{noteId}', feature: 'notes' });

    const source = read(service);
    expect(importsOf(source, '../../operation.ts')).toEqual([
      "import type { SessionContext, OperationHandler } from '../../operation.ts';",
    ]);
    expect(importsOf(source, '../../problem.ts')).toEqual(["import { upstreamError } from '../../problem.ts';"]);
    expect(importsOf(read('bff/routes/shell/shell-routes.ts'), './notes-service.ts')).toEqual([
      "import { listNotes, deleteNote } from './notes-service.ts';",
    ]);
  });

  it('writes the contract as openapi/CONVENTIONS.md says: SearchText, examples, no additionalProperties on answers, 403 where state changes', () => {
    const tree = new Tree(root);
    newOperation(tree, LIST_NOTES);
    newOperation(tree, { operationId: 'createNote', tag: 'shell', method: 'post', path: '/api/notes/new', feature: 'notes' });

    const list = read('openapi/bff/paths/api_notes.yaml');
    expect(list).toMatch(/- name: q\n[\s\S]*?schema:\n {8}\$ref: \.\.\/components\/schemas\/SearchText\.yaml\n {6}example: /);
    const parameters = list.split('- name: ').slice(1);
    expect(parameters).toHaveLength(5);
    for (const parameter of parameters) expect(parameter).toMatch(/\n {6}example: \S/);
    expect(list).toMatch(/enum: \[title, createdAt\]\n {8}default: createdAt/);
    expect(list).toMatch(/'200':[\s\S]*?\n {10}example:\n/);
    expect(list).not.toContain("'403':");
    for (const schema of ['NotePage', 'NoteRow', 'NoteResult'])
      expect(read(`openapi/bff/components/schemas/${schema}.yaml`)).not.toContain('additionalProperties');
    const create = read('openapi/bff/paths/api_notes_new.yaml');
    expect(create).toContain("'403':");
    expect(create).toContain('security: [{session: [], csrf: []}]');
  });

  it("writes YAML that parses, and a row whose id is the table's string key with no format (the legacy id may be a number)", () => {
    const tree = new Tree(root);
    const written = newOperation(tree, LIST_NOTES);
    for (const file of written.created.filter((name) => name.endsWith('.yaml'))) expect(() => loadYaml(join(root, file))).not.toThrow();
    const row = loadYaml(join(root, 'openapi/bff/components/schemas/NoteRow.yaml'));
    expect(row.required).toEqual(['id']);
    expect((row.properties as Record<string, Record<string, unknown>>).id).toMatchObject({ type: 'string' });
    expect((row.properties as Record<string, Record<string, unknown>>).id).not.toHaveProperty('format');
  });

  it("adds the operation's row to its spec document's table in openapi/README.md", () => {
    const written = newOperation(new Tree(root), LIST_NOTES);
    const shell = read('openapi/README.md').split('(spec: coach-shell)')[1]?.split('\n\n')[1] ?? '';
    expect(shell.split('\n').at(-1)).toBe('| <the screen or action> | `listNotes` GET /api/notes | <the legacy calls> |');
    expect(written.toFill.join('\n')).toContain('openapi/README.md');
  });

  it('exports the row type from the list hook, and the columns take it from there (never from generated/)', () => {
    const tree = new Tree(root);
    newOperation(tree, LIST_NOTES);
    newScreen(tree, NOTES);
    expect(read('web/src/features/notes/api/list-notes.ts')).toContain("export type NoteRow = components['schemas']['NoteRow'];");
    const columns = read('web/src/features/notes/components/notes-columns.tsx');
    expect(columns).toContain("import type { NoteRow } from '../api/list-notes.ts';");
    expect(columns).toContain('DataColumn<NoteRow>[]');
    expect(columns).not.toContain('generated');
  });

  it('writes a table screen on the kit: the route, its one manifest entry (address, drawer, gallery), the lazy table, its tests', () => {
    const tree = new Tree(root);
    newOperation(tree, LIST_NOTES);
    const written = newScreen(new Tree(root), { ...NOTES, empty: 'No notes yet. Write one.' });
    expect(written.created).toEqual([
      'web/src/app/routes/coach/notes.tsx',
      'web/src/features/notes/components/notes-screen.tsx',
      'web/src/features/notes/components/notes-columns.tsx',
      'web/src/features/notes/components/notes-screen.test.tsx',
      'tests/e2e/coach/notes.test.ts',
    ]);
    expect(written.amended).toEqual(expect.arrayContaining(['web/src/lib/screens.ts']));
    expect(written.amended.filter((file) => file.startsWith('web/') || file.startsWith('scripts/'))).toEqual(['web/src/lib/screens.ts']);
    expect(read('web/src/lib/screens.ts')).toContain(
      [
        '  {',
        "    id: 'notes',",
        "    path: '/notes',",
        "    label: 'Notes',",
        '    access: NOT_MINI_ONLY,',
        "    gallery: { call: '/api/notes', empty: 'No notes yet. Write one.' },",
        '  },',
        '  // No drawer item of their own',
      ].join('\n'),
    );
    const screen = read('web/src/features/notes/components/notes-screen.tsx');
    expect(screen).toContain('useListScreen(');
    expect(screen).toContain("from '../../../components/data-table/lazy-data-table.tsx'");
    expect(screen).toContain("sorts: ['title', 'createdAt'],\n  defaultSort: 'createdAt',");
    expect(screen).toContain('emptyText="No notes yet. Write one."');
    // The component test serves one row from a fake BFF and waits for its row header: red until the columns exist.
    const test = read('web/src/features/notes/components/notes-screen.test.tsx');
    expect(test).toContain("const ROW: NoteRow = { id: '1' };");
    expect(test).toContain(
      "serve(fetchMock, { 'GET /api/notes': [json({ items: [ROW], total: 1, filteredTotal: 1, page: 1, pageSize: 50 })] });",
    );
    expect(test).toContain("findByRole('rowheader')");
    expect(written.toFill.join('\n')).toContain('SCREENSHOT_ONLY=notes npm run screenshots');
  });

  it('places the manifest entry after --after and gives it the drawer with the --icon', () => {
    const tree = new Tree(root);
    newOperation(tree, LIST_NOTES);
    const written = newScreen(tree, { ...NOTES, after: 'assessments', icon: 'NotebookText' });
    const manifest = read('web/src/lib/screens.ts');
    expect(manifest).toContain(
      [
        "  { id: 'assessments', path: '/assessments', label: 'Assessments', access: ASSESSMENTS_AREA, drawer: { icon: ClipboardList } },",
        '  {',
        "    id: 'notes',",
        "    path: '/notes',",
        "    label: 'Notes',",
        '    access: NOT_MINI_ONLY,',
        '    drawer: { icon: NotebookText },',
      ].join('\n'),
    );
    expect(importsOf(manifest, 'lucide-react/icons/notebook-text')).toEqual([
      "import NotebookText from 'lucide-react/icons/notebook-text';",
    ]);
    expect(written.toFill.join('\n')).not.toContain('drawer: { icon: <LucideName> }');
    expect(() => newScreen(new Tree(root), { ...NOTES, screenId: 'notes2', path: '/notes2', icon: 'NoSuchIcon' })).toThrow(/no icon/);
    expect(() => newScreen(new Tree(root), { ...NOTES, screenId: 'notes3', path: '/notes3', after: 'noSuchScreen' })).toThrow(/no screen/);
  });

  it('writes the --spec section where a placeholder was, and names the placeholders left without it', () => {
    const tree = new Tree(root);
    newOperation(tree, LIST_NOTES);
    const written = newScreen(tree, NOTES);
    for (const file of [...written.created, 'bff/routes/shell/notes-service.ts', 'openapi/bff/paths/api_notes.yaml']) {
      expect(read(file), file).not.toContain('<document>');
    }
    expect(read('web/src/app/routes/coach/notes.tsx')).toContain('/** /notes (spec coach-shell §2.9). */');

    const bare = newScreen(new Tree(root), { ...NOTES, screenId: 'notesAgain', path: '/notes-again', spec: undefined });
    expect(read('web/src/app/routes/coach/notes-again.tsx')).toContain('(spec <document> §<section>)');
    expect(bare.toFill.join('\n')).toContain('<document> §<section>');
  });

  it('writes what biome writes: the files it creates and amends are formatted, their imports sorted', () => {
    const tree = new Tree(root);
    newOperation(tree, LIST_NOTES);
    newOperation(tree, { operationId: 'createNote', tag: 'shell', method: 'post', path: '/api/notes/new', feature: 'notes', web: 'notes' });
    newScreen(tree, { ...NOTES, after: 'assessments', icon: 'NotebookText' });
    format(root, tree.written);
    const files = [...tree.written.created, ...tree.written.amended].filter((file) => /\.tsx?$/.test(file)).map((file) => join(root, file));
    const check = () =>
      execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['check', '--vcs-enabled=false', `--config-path=${ROOT}`, ...files], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(check).not.toThrow();
    expect(importsOf(read('bff/routes/shell/shell-routes.ts'), './notes-service.ts')).toEqual([
      "import { createNote, listNotes } from './notes-service.ts';",
    ]);
  });

  it('refuses to write over a file or a path the contract has, and a screen of a list not in the contract', () => {
    const tree = new Tree(root);
    expect(() => newScreen(tree, NOTES)).toThrow(/listNotes is not in the contract/);
    newOperation(tree, LIST_NOTES);
    expect(() => newOperation(tree, { ...LIST_NOTES, operationId: 'listNotesAgain' })).toThrow(/is in the contract already/);
    newScreen(tree, NOTES);
    expect(() => newScreen(new Tree(root), NOTES)).toThrow(/exists already/);
  });

  it('names path files as the contract does', () => {
    expect(pathFileOf('/api/teams/{teamId}/members')).toBe('api_teams_{teamId}_members.yaml');
  });
});
