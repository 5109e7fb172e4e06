// `npm run new -- screen …` (scripts/new.ts): a table screen on the shared kit for a list operation: the lazy
// route, its address, its drawer item and icon, the screen and its columns, a component test, a browser test and
// its gallery states.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PLACEHOLDER_SPEC } from './operation.ts';
import { camel, kebab, pascal, ROOT, type Tree, type Written } from './tree.ts';

export interface ScreenOptions {
  /** The screen's id in the drawer (camelCase), e.g. `notes`. */
  screenId: string;
  /** The web feature folder, e.g. `notes`. */
  web: string;
  /** Its address, e.g. `/notes`. */
  path: string;
  /** The drawer's label and the page title. */
  label: string;
  /** The list operation the table shows (its hook: `use<Name>` in `features/<web>/api/<list-operation>.ts`). */
  list: string;
  /** Where the spec says it, e.g. `coach-shell §2.4`. */
  spec?: string | undefined;
  /** The drawer item it follows (a screen id); by default the last. */
  after?: string | undefined;
  /** Its drawer icon: a lucide icon's name, e.g. `ClipboardCheck` (coach-drawer.tsx uses that one set). */
  icon?: string | undefined;
  /** The table's text when the coach has no rows yet (also what its empty gallery state waits for). */
  empty?: string | undefined;
}

/** The list operation as the contract has it: its path, its sort keys and the default sort. */
function listOperationOf(tree: Tree, operationId: string): { path: string; sorts: string[]; defaultSort: string } {
  const file = readdirSync(join(tree.root, 'openapi/bff/paths')).find((name) =>
    tree.read(`openapi/bff/paths/${name}`).includes(`operationId: ${operationId}\n`),
  );
  if (!file) throw new Error(`${operationId} is not in the contract: npm run new -- operation ${operationId} … first`);
  const entry = new RegExp(`\n {2}(\\S+):\n {4}\\$ref: paths/${file.replace(/[.{}]/g, '\\$&')}\n`).exec(
    tree.read('openapi/bff/openapi.yaml'),
  );
  const sort = /- name: sort\n[\s\S]*?enum: \[([^\]]*)\]\n\s*default: (\S+)/.exec(tree.read(`openapi/bff/paths/${file}`));
  if (!entry?.[1] || !sort?.[1] || !sort[2])
    throw new Error(`${operationId} (openapi/bff/paths/${file}): not a list with a sort, or not in paths:`);
  return { path: entry[1], sorts: sort[1].split(',').map((key) => key.trim()), defaultSort: sort[2] };
}

/** A lucide icon's module name: `ClipboardCheck` → `clipboard-check`, `Share2` → `share-2`. */
const iconModule = (icon: string) =>
  icon
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1-$2')
    .toLowerCase();

export function newScreen(
  tree: Tree,
  { screenId, web, path, label, list, spec = PLACEHOLDER_SPEC, after, icon, empty }: ScreenOptions,
): Written {
  if (!/^[a-z][A-Za-z0-9]+$/.test(screenId)) throw new Error(`a screen id is camelCase: ${screenId}`);
  if (icon && !existsSync(join(ROOT, `node_modules/lucide-react/dist/esm/icons/${iconModule(icon)}.mjs`)))
    throw new Error(`--icon ${icon}: lucide-react has no icon of that name (https://lucide.dev/icons)`);
  const file = kebab(screenId);
  const Screen = `${pascal(screenId)}Screen`;
  const listName = pascal(list.replace(/^list/, ''));
  const row = `${listName.replace(/s$/, '')}Row`;
  const hookName = `use${listName}`;
  const hookFile = `../api/${kebab(list)}.ts`;
  const feature = `web/src/features/${web}`;
  const columns = `${camel(file)}Columns`;
  const emptyText = empty ?? `No ${label.toLowerCase()} yet.`;
  const operation = listOperationOf(tree, list);

  tree.create(
    `web/src/app/routes/coach/${file}.tsx`,
    [
      `import { ${Screen} } from '../../../features/${web}/components/${file}-screen.tsx';`,
      '',
      `/** ${path} (spec ${spec}). */`,
      'export function Component() {',
      `  return <${Screen} />;`,
      '}',
      '',
    ].join('\n'),
  );
  // Its one entry in the manifest (web/src/lib/screens.ts): after --after's entry, else after the last drawer item.
  const manifest = 'web/src/lib/screens.ts';
  const entry = [
    '\n  {',
    `    id: '${screenId}',`,
    `    path: '${path}',`,
    `    label: '${label.replaceAll("'", "\\'")}',`,
    '    access: NOT_MINI_ONLY,',
    ...(icon ? [`    drawer: { icon: ${icon} },`] : []),
    `    gallery: { call: '${operation.path}', empty: '${emptyText.replaceAll("'", "\\'")}' },`,
    '  },',
  ].join('\n');
  // The entry goes before the line that starts the next entry (or a comment), so after the whole of --after's.
  const anchor = `id: '${after ?? ''}'`;
  const rest = after ? tree.read(manifest).split(anchor)[1] : undefined;
  if (after && rest === undefined) throw new Error(`--after ${after}: ${manifest} has no screen of that id`);
  const nextLine = rest && /\n {2}(\{|\/\/)/.exec(rest)?.[0];
  if (after && nextLine) tree.insert(manifest, entry, { after: anchor, before: nextLine });
  else tree.insert(manifest, entry, { after: 'export const SCREENS', before: '\n  // No drawer item of their own' });
  if (icon) {
    if (!tree.read(manifest).includes(`from 'lucide-react/icons/${iconModule(icon)}';`))
      tree.addImport(manifest, `lucide-react/icons/${iconModule(icon)}`, { default: icon });
  } else {
    tree.fill(`${manifest}: the drawer item of '${screenId}' (drawer: { icon: <LucideName> }, or --icon), unless it has none`);
  }

  tree.create(
    `${feature}/components/${file}-screen.tsx`,
    [
      "import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';",
      "import type { TableStateConfig } from '../../../components/data-table/table-state.ts';",
      "import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';",
      "import { usePageTitle } from '../../../lib/page-title.ts';",
      `import { type ${listName}Sort, ${hookName} } from '${hookFile}';`,
      `import { ${columns} } from './${file}-columns.tsx';`,
      '',
      `// The contract's sort keys and its default sort (spec ${spec}).`,
      `const TABLE_CONFIG: TableStateConfig<${listName}Sort, never> = {`,
      `  sorts: [${operation.sorts.map((key) => `'${key}'`).join(', ')}],`,
      `  defaultSort: '${operation.defaultSort}',`,
      '};',
      '',
      `/** The ${label} page (spec ${spec}). */`,
      `export function ${Screen}() {`,
      `  usePageTitle('${label}');`,
      `  const screen = useListScreen({ table: TABLE_CONFIG, useList: ${hookName} });`,
      '  return (',
      `    <section className="stack" aria-labelledby="${file}-title">`,
      `      <h1 id="${file}-title">${label}</h1>`,
      `      <DataTable {...screen.table} label="${label}" columns={${columns}(screen.isNarrow)} emptyText="${emptyText}" />`,
      '      {screen.dialogs}',
      '    </section>',
      '  );',
      '}',
      '',
    ].join('\n'),
  );
  tree.create(
    `${feature}/components/${file}-columns.tsx`,
    [
      "import type { DataColumn } from '../../../components/data-table/data-table.tsx';",
      `import type { ${row} } from '${hookFile}';`,
      '',
      `/** The columns (spec ${spec}); fewer at phone width. */`,
      `export function ${columns}(isNarrow: boolean): DataColumn<${row}>[] {`,
      '  return isNarrow ? [] : [];',
      '}',
      '',
    ].join('\n'),
  );
  tree.fill(`${feature}/components/${file}-columns.tsx: the columns (a toolbar: actions/registry.ts, the screen's actions)`);
  tree.create(
    `${feature}/components/${file}-screen.test.tsx`,
    [
      `// The ${label} page against a fake BFF: the columns, the toolbar's selection counts, each action's dialog and alert.`,
      "import { screen, within } from '@testing-library/react';",
      "import { afterEach, describe, expect, it, vi } from 'vitest';",
      "import { json, serve } from '../../../test/fake-bff.ts';",
      "import { render } from '../../../test/render.tsx';",
      `import type { ${row} } from '${hookFile}';`,
      `import { ${Screen} } from './${file}-screen.tsx';`,
      '',
      '// The typed client keeps the fetch it finds when it is created: replace it before any import runs.',
      "const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));",
      'afterEach(() => fetchMock.mockReset());',
      '',
      `/** One row as the BFF answers it: the properties ${row}.yaml requires (tsc names the missing ones). */`,
      `const ROW: ${row} = { id: '1' };`,
      '',
      `describe('${Screen}', () => {`,
      "  it('shows the list as the BFF answers it', async () => {",
      `    serve(fetchMock, { 'GET ${operation.path}': [json({ items: [ROW], total: 1, filteredTotal: 1, page: 1, pageSize: 50 })] });`,
      `    render(<${Screen} />);`,
      `    expect(await screen.findByRole('heading', { level: 1, name: '${label}' })).toBeTruthy();`,
      `    const grid = await screen.findByRole('grid', { name: '${label}' });`,
      '    // The row is named by its header cell (the column with `isRowHeader: true`): red until the columns are written.',
      "    expect(await within(grid).findByRole('rowheader')).toBeTruthy();",
      '  });',
      '});',
      '',
    ].join('\n'),
  );
  tree.create(
    `tests/e2e/coach/${file}.test.ts`,
    [
      `// The ${label} page (spec ${spec}) for the demo coach: the flows at desktop; at phone width the page`,
      '// from the drawer behind Menu, axe on every state.',
      "import { DEMO, expect, expectNoAxeViolations, forEachLayout, LAYOUTS, openDashboard, test } from '../support/fixtures.ts';",
      '',
      'test.use({ account: DEMO });',
      '',
      'forEachLayout(LAYOUTS, (layout) => {',
      `  test(\`opens ${label} from the drawer (\${layout})\`, async ({ page }) => {`,
      '    await openDashboard(page);',
      "    if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();",
      `    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: '${label}' }).click();`,
      `    await expect(page.getByRole('heading', { level: 1, name: '${label}' })).toBeVisible();`,
      `    await expect(page.getByRole('grid', { name: '${label}' }).getByRole('row').nth(1)).toBeVisible();`,
      '    await expectNoAxeViolations(page);',
      '  });',
      '});',
      '',
    ].join('\n'),
  );
  tree.fill(`${feature}/components/${file}-screen.test.tsx, tests/e2e/coach/${file}.test.ts: the spec's flows`);

  tree.fill(`${manifest}: who may see it (\`access\`: NOT_MINI_ONLY is every coach but one limited to minis, assistants too)`);
  if (spec === PLACEHOLDER_SPEC)
    tree.fill(`the spec section in each "(spec ${PLACEHOLDER_SPEC})" written (or --spec "<document> §<section>")`);
  tree.fill(`the gallery: SCREENSHOT_ONLY=${file} npm run screenshots, then look at /tmp/coachportal-gallery/index.html`);
  return tree.written;
}
