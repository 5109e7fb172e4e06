// The scaffold (scripts/new.ts) on a copy of the files it amends: it writes the recipe's files, adds the lines
// that register them where the recipe says, refuses to write over anything, and names what is left to the hand.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newOperation, newScreen, pathFileOf, Tree } from './new.ts';

const ROOT = join(import.meta.dirname, '..');
const AMENDED = [
  'openapi/bff/openapi.yaml',
  'bff/roles.ts',
  'bff/routes/shell/shell-routes.ts',
  'web/src/app/routes/coach/coach-area.tsx',
  'web/src/features/coach-shell/utils/drawer-items.ts',
];

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'scaffold-'));
  for (const file of AMENDED) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(ROOT, file), join(root, file));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('npm run new', () => {
  it('writes an operation: the contract, the handler and its registrations, the tests, the web hook', () => {
    const written = newOperation(new Tree(root), {
      operationId: 'listNotes',
      tag: 'shell',
      method: 'get',
      path: '/api/notes',
      feature: 'notes',
      web: 'notes',
    });
    expect(written.created).toEqual([
      'openapi/bff/paths/api_notes.yaml',
      'openapi/bff/components/schemas/NotePage.yaml',
      'openapi/bff/components/schemas/NoteRow.yaml',
      'bff/routes/shell/notes-service.ts',
      'bff/routes/shell/list-notes-sandbox.test.ts',
      'bff/routes/shell/list-notes-faults.test.ts',
      'web/src/features/notes/api/list-notes.ts',
    ]);
    expect(written.amended).toEqual(['openapi/bff/openapi.yaml', 'bff/routes/shell/shell-routes.ts', 'bff/roles.ts']);
    expect(read('openapi/bff/openapi.yaml')).toMatch(/ {2}\/api\/notes:\n {4}\$ref: paths\/api_notes\.yaml\ncomponents:\n/);
    expect(read('bff/routes/shell/shell-routes.ts')).toMatch(
      /import \{ listNotes \} from '\.\/notes-service\.ts';[\s\S]*\n {2}listNotes,\n\}\);/,
    );
    expect(read('bff/roles.ts')).toMatch(/\n {2}listNotes: ALL,\n\};/);
    expect(read('openapi/bff/paths/api_notes.yaml')).toContain('operationId: listNotes');
    expect(read('openapi/bff/paths/api_notes.yaml')).toContain('- name: pageSize');
    expect(written.toFill.length).toBeGreaterThan(0);
  });

  it('writes a table screen on the kit: the route, its address, its drawer item, the screen, its tests', () => {
    const written = newScreen(new Tree(root), { screenId: 'notes', web: 'notes', path: '/notes', label: 'Notes', list: 'listNotes' });
    expect(written.created).toEqual([
      'web/src/app/routes/coach/notes.tsx',
      'web/src/features/notes/components/notes-screen.tsx',
      'web/src/features/notes/components/notes-columns.tsx',
      'web/src/features/notes/components/notes-screen.test.tsx',
      'tests/e2e/coach/notes.test.ts',
    ]);
    expect(read('web/src/app/routes/coach/coach-area.tsx')).toContain("const Notes = preloadableRoute(() => import('./notes.tsx'));");
    expect(read('web/src/app/routes/coach/coach-area.tsx')).toContain("{ path: '/notes', screen: 'notes', component: Notes },\n];");
    expect(read('web/src/features/coach-shell/utils/drawer-items.ts')).toContain(
      "  notes: { path: '/notes', label: 'Notes' },\n} as const",
    );
    expect(read('web/src/features/notes/components/notes-screen.tsx')).toContain('useListScreen(');
  });

  it('refuses to write over a file or a path the contract has', () => {
    const tree = new Tree(root);
    expect(() => newOperation(tree, { operationId: 'listPairsAgain', tag: 'shell', method: 'get', path: '/api/pairs' })).toThrow(
      /is in the contract already/,
    );
    newScreen(tree, { screenId: 'notes', web: 'notes', path: '/notes', label: 'Notes', list: 'listNotes' });
    expect(() => newScreen(new Tree(root), { screenId: 'notes', web: 'notes', path: '/notes', label: 'Notes', list: 'listNotes' })).toThrow(
      /exists already/,
    );
  });

  it('names path files as the contract does', () => {
    expect(pathFileOf('/api/teams/{teamId}/members')).toBe('api_teams_{teamId}_members.yaml');
  });
});
