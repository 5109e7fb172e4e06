// The recipe's boilerplate, written (docs/recipe.md):
//
//   npm run new -- operation <operationId> --tag <tag> --method <get|post|put|patch|delete> --path </api/…> [--feature <name>] [--web <feature>]
//   npm run new -- screen <screenId> --web <feature> --path </…> --label <Label> --list <listOperationId>
//
// `operation` adds the contract's path file (with every shared answer) and its `paths:` entry, the answer's
// schema, the handler in `bff/routes/<tag>/<feature>-service.ts`, its routes entry, its `REFUSED_ROLES` entry,
// the two BFF test files and, with --web, the web's query or mutation hook. `screen` adds a table screen on the
// shared kit for a list operation: the lazy route, its address in the coach area, its drawer item, the screen
// and its columns, a component test and a browser test. What is written is a start that fails its tests until
// the spec's behaviour is filled in; the files that need the hand are printed. Nothing is overwritten.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');

export interface Written {
  /** New files. */
  created: string[];
  /** Files a line was added to. */
  amended: string[];
  /** What the developer writes next, in order. */
  toFill: string[];
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

class Tree {
  readonly written: Written = { created: [], amended: [], toFill: [] };
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), 'utf8');
  }

  exists(path: string): boolean {
    return existsSync(join(this.root, path));
  }

  create(path: string, text: string): void {
    if (this.exists(path)) throw new Error(`${path} exists already: nothing was written over it`);
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), text);
    this.written.created.push(path);
  }

  /** Inserts `text` before the first match of `before` after `after` (both plain text); refuses when not found. */
  insert(path: string, text: string, { after, before }: { after?: string; before: string }): void {
    const source = this.read(path);
    const from = after === undefined ? 0 : source.indexOf(after);
    const at = from < 0 ? -1 : source.indexOf(before, from + (after?.length ?? 0));
    if (at < 0) throw new Error(`${path}: could not find where to add ${JSON.stringify(text.trim())}`);
    writeFileSync(join(this.root, path), source.slice(0, at) + text + source.slice(at));
    if (!this.written.amended.includes(path)) this.written.amended.push(path);
  }

  /** Adds an import line after the file's last import. */
  addImport(path: string, line: string): void {
    const source = this.read(path);
    const last = [...source.matchAll(/^import .*;$/gm)].at(-1);
    if (!last || last.index === undefined) throw new Error(`${path}: no import to add ${line} after`);
    const end = last.index + last[0].length;
    writeFileSync(join(this.root, path), `${source.slice(0, end)}\n${line}${source.slice(end)}`);
  }

  fill(what: string): void {
    this.written.toFill.push(what);
  }
}

const SHARED_ANSWERS = ['400', '401', '403', '429', '500', '502', '503', '504'] as const;
const RESPONSE_FILES: Record<(typeof SHARED_ANSWERS)[number], string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '429': 'TooManyRequests',
  '500': 'InternalError',
  '502': 'BadGateway',
  '503': 'ServiceUnavailable',
  '504': 'GatewayTimeout',
};

const integer = (minimum: number, maximum: number) => [
  '        type: integer',
  '        format: int32',
  `        minimum: ${minimum}`,
  `        maximum: ${maximum}`,
];
const LIST_PARAMETERS = [
  '  parameters:',
  '    - name: q',
  '      in: query',
  '      required: false',
  '      description: Search text, matched case-insensitively against what the table shows.',
  '      schema:',
  '        title: Search text',
  '        type: string',
  '        allOf: [{$ref: ../components/schemas/SingleLineText.yaml}]',
  '        maxLength: 100',
  '    - name: page',
  '      in: query',
  '      required: false',
  '      description: The page to answer, from 1.',
  '      schema:',
  ...integer(1, 100000),
  '        default: 1',
  '    - name: pageSize',
  '      in: query',
  '      required: false',
  '      description: Rows per page (the Items per page selector).',
  '      schema:',
  ...integer(10, 500),
  '        enum: [10, 50, 100, 200, 500]',
  '        default: 50',
  '    - name: order',
  '      in: query',
  '      required: false',
  '      description: Sort direction.',
  '      schema:',
  '        type: string',
  '        enum: [asc, desc]',
  '        default: desc',
  '    - name: sort',
  '      in: query',
  '      required: false',
  '      description: The column to sort on.',
  '      schema:',
  '        type: string',
  '        enum: [createdAt]',
  '        default: createdAt',
];

const listPageSchema = (row: string) =>
  [
    'type: object',
    'description: One page of the table. `total` counts every row, `filteredTotal` those matching `q`.',
    'additionalProperties: false',
    'required: [items, total, filteredTotal, page, pageSize]',
    'properties:',
    '  items:',
    '    type: array',
    '    maxItems: 500',
    '    items:',
    `      $ref: ./${row}.yaml`,
    ...['total', 'filteredTotal'].flatMap((name) => [`  ${name}:`, ...integer(0, 1000000).map((line) => line.slice(4))]),
    '  page:',
    ...integer(1, 100000).map((line) => line.slice(4)),
    '  pageSize:',
    ...integer(10, 500).map((line) => line.slice(4)),
    '    enum: [10, 50, 100, 200, 500]',
    '',
  ].join('\n');

export interface OperationOptions {
  operationId: string;
  tag: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** The service file's name: `bff/routes/<tag>/<feature>-service.ts` (default: the tag). */
  feature?: string | undefined;
  /** The web feature whose `api/` gets the hook. */
  web?: string | undefined;
}

/** The contract's file name of a path: `/api/teams/{teamId}/members` → `api_teams_{teamId}_members.yaml`. */
export const pathFileOf = (path: string) => `${path.replace(/^\//, '').replaceAll('/', '_')}.yaml`;

export function newOperation(tree: Tree, { operationId, tag, method, path, feature = tag, web }: OperationOptions): Written {
  if (!/^[a-z][A-Za-z0-9]+$/.test(operationId)) throw new Error(`an operationId is camelCase: ${operationId}`);
  if (!path.startsWith('/api/')) throw new Error(`a BFF path starts with /api/: ${path}`);
  if (tree.read('openapi/bff/openapi.yaml').includes(`  ${path}:\n`))
    throw new Error(`${path} is in the contract already: add the method to its file by hand`);
  const schema = pascal(operationId.replace(/^(get|list|create|update|delete|send|download)/, '')) || pascal(operationId);
  // A list (`list…`, GET) is a page of the shared table: search, page, page size, sort and order, answered by listPage().
  const isList = method === 'get' && operationId.startsWith('list');
  const row = `${schema.replace(/s$/, '')}Row`;
  const answer = isList ? `${schema.replace(/s$/, '')}Page` : `${schema}${method === 'get' ? '' : 'Result'}`;
  const pathFile = pathFileOf(path);
  const status = method === 'post' ? '201' : '200';

  // 1. The contract: the operation, its answer's schema, its entry in `paths:`.
  tree.create(
    `openapi/bff/paths/${pathFile}`,
    [
      `${method}:`,
      `  operationId: ${operationId}`,
      `  summary: ${operationId}`,
      '  description: |',
      '    What the user does and sees (spec <document> §<section>). Reads `<the legacy calls>`.',
      '',
      '    Problem codes: 401 `session_ended`; 502 `upstream_error`; 504 `upstream_timeout`.',
      `  tags: [${tag}]`,
      ...(isList ? LIST_PARAMETERS : []),
      '  responses:',
      `    '${status}':`,
      `      description: ${answer}.`,
      '      content:',
      '        application/json:',
      '          schema:',
      `            $ref: ../components/schemas/${answer}.yaml`,
      ...SHARED_ANSWERS.flatMap((code) => [`    '${code}':`, `      $ref: ../components/responses/${RESPONSE_FILES[code]}.yaml`]),
      '',
    ].join('\n'),
  );
  if (isList) {
    tree.create(`openapi/bff/components/schemas/${answer}.yaml`, listPageSchema(row));
    tree.create(
      `openapi/bff/components/schemas/${row}.yaml`,
      [
        'type: object',
        'description: One row of the table.',
        'additionalProperties: false',
        'required: [id]',
        'properties:',
        '  id:',
        '    type: string',
        '    format: uuid',
        '    maxLength: 36',
        '',
      ].join('\n'),
    );
    tree.fill(`openapi/bff/components/schemas/${row}.yaml: the row's properties; the sort keys in the path file`);
  } else {
    tree.create(
      `openapi/bff/components/schemas/${answer}.yaml`,
      [
        'type: object',
        `description: What ${operationId} answers.`,
        'additionalProperties: false',
        'required: []',
        'properties: {}',
        '',
      ].join('\n'),
    );
  }
  // At the end of `paths:` (its last line is the closing comment of the last document's section).
  tree.insert('openapi/bff/openapi.yaml', `  ${path}:\n    $ref: paths/${pathFile}\n`, { after: '\npaths:\n', before: 'components:\n' });
  tree.fill(`openapi/bff/paths/${pathFile}: the parameters or request body, the answer's example, the problem codes`);
  tree.fill(`openapi/bff/components/schemas/${answer}.yaml: the answer's properties (openapi/CONVENTIONS.md)`);
  tree.fill(`openapi/README.md: the screen or action, ${operationId}, the legacy calls; then \`npm run gen\``);

  // 2. The BFF: the handler, its routes entry, who may not call it.
  const service = `bff/routes/${tag}/${feature}-service.ts`;
  const handler = [
    '',
    `/** ${operationId}: what it does for the user (spec <document> §<section>). */`,
    `export const ${operationId}: OperationHandler<'${operationId}'> = async (_input, _ctx) => {`,
    '  // The legacy calls of the contract\'s description, mapped to the answer (bff/README.md "Conventions").',
    '  throw upstreamError();',
    '};',
    '',
  ].join('\n');
  if (tree.exists(service)) {
    writeFileSync(join(tree.root, service), `${tree.read(service).trimEnd()}\n${handler}`);
    tree.written.amended.push(service);
  } else {
    tree.create(
      service,
      [
        `// ${operationId}: the legacy ↔ BFF mapping and the spec's texts.`,
        "import type { OperationHandler } from '../../operation.ts';",
        "import { upstreamError } from '../../problem.ts';",
        handler,
      ].join('\n'),
    );
  }
  tree.fill(`${service}: the handler`);
  const routes = `bff/routes/${tag}/${tag}-routes.ts`;
  if (!tree.exists(routes)) throw new Error(`${routes} does not exist: a new tag needs its folder and a line in bff/app.ts first`);
  tree.addImport(routes, `import { ${operationId} } from './${feature}-service.ts';`);
  tree.insert(routes, `  ${operationId},\n`, { after: ': TagRoutes = ', before: '});' });
  tree.insert('bff/roles.ts', `  ${operationId}: ALL,\n`, { after: 'export const REFUSED_ROLES', before: '};' });
  tree.fill('bff/roles.ts: ALL, or the roles that may not call it (spec coach-shell §2.1)');

  // 3. The BFF's tests: the behaviour on the sandbox, the failures on the fault upstream.
  const url = path.replace(/\{(\w+)\}/g, ':$1');
  tree.create(
    `bff/routes/${tag}/${kebab(operationId)}-sandbox.test.ts`,
    [
      `// ${operationId} against the stateful sandbox legacy API: what the spec says the user gets. Every answer is checked`,
      '// against the contract.',
      "import { afterAll, beforeAll, describe, expect, it } from 'vitest';",
      "import { injectChecked } from '../../test-support/contract.ts';",
      "import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';",
      "import { SESSION_COOKIE } from '../../plugins/app/session.ts';",
      '',
      'let bff: SandboxBff;',
      'beforeAll(async () => {',
      '  bff = await startSandboxBff();',
      '});',
      'afterAll(() => bff?.close());',
      '',
      `describe('${operationId}', () => {`,
      "  it('answers what the spec says', async () => {",
      '    const session = await bff.signIn();',
      `    const response = await injectChecked(bff.server, { method: '${method.toUpperCase()}', url: '${url}', headers: CSRF, cookies: { [SESSION_COOKIE]: session } });`,
      `    expect(response.statusCode).toBe(${status});`,
      '  });',
      '});',
      '',
    ].join('\n'),
  );
  tree.create(
    `bff/routes/${tag}/${kebab(operationId)}-faults.test.ts`,
    [
      `// ${operationId} on the fault upstream: the exact legacy calls, and 403, 5xx, timeouts and unusable answers.`,
      "import { afterEach, beforeEach, describe, expect, it } from 'vitest';",
      "import { SESSION_COOKIE } from '../../plugins/app/session.ts';",
      "import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';",
      '',
      'let bff: FaultBff;',
      'beforeEach(async () => {',
      '  bff = await startFaultBff();',
      '});',
      'afterEach(() => bff?.close());',
      '',
      `describe('${operationId} on a failing legacy API', () => {`,
      "  it('makes the legacy calls of the contract', async () => {",
      `    const response = await bff.server.inject({ method: '${method.toUpperCase()}', url: '${url}', headers: CSRF, cookies: { [SESSION_COOKIE]: bff.session } });`,
      `    expect(response.statusCode).toBe(${status});`,
      '  });',
      '});',
      '',
    ].join('\n'),
  );
  tree.fill(`bff/routes/${tag}/${kebab(operationId)}-sandbox.test.ts, -faults.test.ts: the spec's behaviour and the failures`);

  // 4. The web: one hook per operation.
  if (web) {
    const hook = `web/src/features/${web}/api/${kebab(operationId)}.ts`;
    const generated = relative(dirname(hook), 'generated/bff.ts');
    tree.create(
      hook,
      method === 'get'
        ? [
            "import { keepPreviousData, useQuery } from '@tanstack/react-query';",
            `import type { operations } from '${generated}';`,
            "import { $api } from '../../../lib/query.ts';",
            '',
            `export type ${schema}Query = NonNullable<operations['${operationId}']['parameters']['query']>;`,
            ...(isList ? [`export type ${schema}Sort = NonNullable<${schema}Query['sort']>;`] : []),
            '',
            `/** ${operationId}: what the screen shows (spec <document> §<section>). */`,
            `export const ${camel(kebab(operationId))}QueryOptions = (query: ${schema}Query) => $api.queryOptions('get', '${path}', { params: { query } });`,
            '',
            `export const use${schema} = (query: ${schema}Query) => useQuery({ ...${camel(kebab(operationId))}QueryOptions(query), placeholderData: keepPreviousData });`,
            '',
          ].join('\n')
        : [
            "import { useQueryClient } from '@tanstack/react-query';",
            "import { $api } from '../../../lib/query.ts';",
            "import { queryKeyOf } from '../../../lib/query-keys.ts';",
            '',
            `/** ${operationId}: what the user's action changes (spec <document> §<section>); the lists it changes are asked for again. */`,
            `export function use${pascal(operationId)}() {`,
            '  const queryClient = useQueryClient();',
            `  return $api.useMutation('${method}', '${path}', {`,
            "    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/<the list it changes>') }),",
            '  });',
            '}',
            '',
          ].join('\n'),
    );
    if (method !== 'get') tree.fill(`${hook}: the list it makes stale`);
  }
  return tree.written;
}

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
}

export function newScreen(tree: Tree, { screenId, web, path, label, list }: ScreenOptions): Written {
  if (!/^[a-z][A-Za-z0-9]+$/.test(screenId)) throw new Error(`a screen id is camelCase: ${screenId}`);
  const file = kebab(screenId);
  const Screen = `${pascal(screenId)}Screen`;
  const listName = pascal(list.replace(/^list/, ''));
  const hookName = `use${listName}`;
  const hookFile = `../api/${kebab(list)}.ts`;
  const feature = `web/src/features/${web}`;

  tree.create(
    `web/src/app/routes/coach/${file}.tsx`,
    [
      `import { ${Screen} } from '../../../features/${web}/components/${file}-screen.tsx';`,
      '',
      `/** ${path} (spec <document> §<section>). */`,
      'export function Component() {',
      `  return <${Screen} />;`,
      '}',
      '',
    ].join('\n'),
  );
  const area = 'web/src/app/routes/coach/coach-area.tsx';
  tree.insert(area, `const ${pascal(screenId)} = preloadableRoute(() => import('./${file}.tsx'));\n`, {
    after: 'preloadableRoute(() => import(',
    before: '\n// Each address',
  });
  tree.insert(area, `  { path: '${path}', screen: '${screenId}', component: ${pascal(screenId)} },\n`, {
    after: 'const ROUTES',
    before: '];',
  });
  const drawer = 'web/src/features/coach-shell/utils/drawer-items.ts';
  tree.insert(drawer, `  ${screenId}: { path: '${path}', label: '${label}' },\n`, {
    after: 'export const COACH_SCREENS',
    before: '} as const',
  });
  tree.insert(drawer, `  '${screenId}',\n`, { after: 'const DRAWER_ORDER', before: '];' });
  tree.fill(`${drawer}: the drawer's icon (coach-drawer.tsx ICONS) and who may see it (roleMayUse)`);

  tree.create(
    `${feature}/components/${file}-screen.tsx`,
    [
      "import { DataTable } from '../../../components/data-table/data-table.tsx';",
      "import type { TableStateConfig } from '../../../components/data-table/table-state.ts';",
      "import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';",
      "import { usePageTitle } from '../../../lib/page-title.ts';",
      `import { type ${listName}Sort, ${hookName} } from '${hookFile}';`,
      `import { ${camel(file)}Columns } from './${file}-columns.tsx';`,
      '',
      "// The contract's sort keys and the default sort (spec <document> §<section>).",
      `const TABLE_CONFIG: TableStateConfig<${listName}Sort, never> = { sorts: ['createdAt'], defaultSort: 'createdAt' };`,
      '',
      `/** The ${label} page (spec <document> §<section>). */`,
      `export function ${Screen}() {`,
      `  usePageTitle('${label}');`,
      `  const screen = useListScreen({ table: TABLE_CONFIG, useList: ${hookName} });`,
      '  return (',
      `    <section className="stack" aria-labelledby="${file}-title">`,
      `      <h1 id="${file}-title">${label}</h1>`,
      `      <DataTable {...screen.table} label="${label}" columns={${camel(file)}Columns(screen.isNarrow)} emptyText="<the spec's empty text>" />`,
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
      '',
      '/** The columns (spec <document> §<section>); fewer at phone width. */',
      `export function ${camel(file)}Columns(isNarrow: boolean): DataColumn<{ id: string }>[] {`,
      '  return isNarrow ? [] : [];',
      '}',
      '',
    ].join('\n'),
  );
  tree.fill(
    `${feature}/components/${file}-screen.tsx, ${file}-columns.tsx: the sorts, the columns, the empty text; a toolbar: actions/registry.ts`,
  );
  tree.create(
    `${feature}/components/${file}-screen.test.tsx`,
    [
      `// The ${label} page against a fake BFF: the columns, the toolbar's selection counts, each action's dialog and alert.`,
      "import { screen } from '@testing-library/react';",
      "import { describe, expect, it } from 'vitest';",
      "import { render } from '../../../test/render.tsx';",
      `import { ${Screen} } from './${file}-screen.tsx';`,
      '',
      `describe('${Screen}', () => {`,
      "  it('shows the list as the BFF answers it', async () => {",
      `    render(<${Screen} />);`,
      `    expect(await screen.findByRole('heading', { level: 1, name: '${label}' })).toBeTruthy();`,
      `    expect(await screen.findByRole('grid', { name: '${label}' })).toBeTruthy();`,
      '  });',
      '});',
      '',
    ].join('\n'),
  );
  tree.create(
    `tests/e2e/coach/${file}.test.ts`,
    [
      `// The ${label} page (spec <document> §<section>) for the demo coach: the flows at desktop; at phone width the page`,
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
  return tree.written;
}

function main(argv: string[]): void {
  const [kind, name, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      tag: { type: 'string' },
      method: { type: 'string', default: 'get' },
      path: { type: 'string' },
      feature: { type: 'string' },
      web: { type: 'string' },
      label: { type: 'string' },
      list: { type: 'string' },
      root: { type: 'string' },
    },
  });
  const tree = new Tree(values.root ?? ROOT);
  const need = (option: string | undefined, what: string): string => {
    if (!option) throw new Error(`--${what} is needed (see the top of scripts/new.ts)`);
    return option;
  };
  let written: Written;
  if (kind === 'operation' && name) {
    const method = values.method as OperationOptions['method'];
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method))
      throw new Error(`--method: get, post, put, patch or delete, not ${method}`);
    written = newOperation(tree, {
      operationId: name,
      tag: need(values.tag, 'tag'),
      method,
      path: need(values.path, 'path'),
      feature: values.feature,
      web: values.web,
    });
  } else if (kind === 'screen' && name) {
    written = newScreen(tree, {
      screenId: name,
      web: need(values.web, 'web'),
      path: need(values.path, 'path'),
      label: need(values.label, 'label'),
      list: need(values.list, 'list'),
    });
  } else {
    throw new Error(
      'usage: npm run new -- operation <operationId> --tag … --method … --path … | screen <screenId> --web … --path … --label … --list …',
    );
  }
  console.log(
    ['Created:', ...written.created.map((file) => `  ${file}`), 'Amended:', ...written.amended.map((file) => `  ${file}`)].join('\n'),
  );
  console.log(['Now, by hand (docs/recipe.md):', ...written.toFill.map((step, index) => `  ${index + 1}. ${step}`)].join('\n'));
}

if (import.meta.main) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

export { Tree };
