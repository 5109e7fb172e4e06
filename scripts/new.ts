// The recipe's boilerplate, written (docs/recipe.md):
//
//   npm run new -- operation <operationId> --tag <tag> --method <get|post|put|patch|delete> --path </api/…>
//                  [--feature <name>] [--web <feature>] [--spec "<document> §<section>"] [--sorts <key>,<key>]
//   npm run new -- screen <screenId> --web <feature> --path </…> --label <Label> --list <listOperationId>
//                  [--spec "<document> §<section>"] [--after <screenId>] [--icon <LucideName>] [--empty "<text>"]
//
// `operation` adds the contract's path file (with every shared answer) and its `paths:` entry, the answer's
// schema, the handler in `bff/routes/<tag>/<feature>-service.ts`, its routes entry, its `REFUSED_ROLES` entry,
// the two BFF test files, its row in openapi/README.md and, with --web, the web's query or mutation hook.
// `screen` adds a table screen on the shared kit for a list operation: the lazy route, its address in the coach
// area, its drawer item and icon, the screen and its columns, a component test, a browser test and its gallery
// states. What is written is a start that fails its tests until the spec's behaviour is filled in; the files that
// need the hand are printed. Nothing is overwritten; what is written is formatted with biome.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

  /** Inserts `text` after the line that starts with `line` (after `after`); refuses when not found. */
  insertAfterLine(path: string, text: string, { after, line }: { after: string; line: string }): void {
    const source = this.read(path);
    const from = source.indexOf(after);
    const start = from < 0 ? -1 : source.indexOf(`\n${line}`, from);
    if (start < 0) throw new Error(`${path}: no line ${JSON.stringify(line.trim())} to add ${JSON.stringify(text.trim())} after`);
    const end = source.indexOf('\n', start + 1) + 1;
    writeFileSync(join(this.root, path), source.slice(0, end) + text + source.slice(end));
    if (!this.written.amended.includes(path)) this.written.amended.push(path);
  }

  /**
   * Imports `name` from `module`: into the file's import of that module when it has one (one import line per
   * module), else as a new line after the file's last import. A default import is `{ default: name }`.
   */
  addImport(path: string, module: string, name: string | { default: string }, { type = false } = {}): void {
    const source = this.read(path);
    const from = `from '${module}';`;
    let updated: string;
    if (typeof name === 'object') {
      updated = this.afterLastImport(source, `import ${name.default} ${from}`);
    } else {
      const existing = [...source.matchAll(/^import (type )?\{([^}]*)\} from '([^']+)';$/gm)].find((match) => match[3] === module);
      if (existing?.index !== undefined) {
        const [line, typeOnly, names = ''] = existing;
        const specifiers = names
          .split(',')
          .map((specifier) => specifier.trim())
          .filter(Boolean);
        if (specifiers.some((specifier) => specifier.replace(/^type /, '') === name)) return;
        // Mixing a value into a type-only import makes each of its names `type`.
        const kept = typeOnly && !type ? specifiers.map((specifier) => `type ${specifier}`) : specifiers;
        const added = type && !typeOnly ? `type ${name}` : name;
        const merged = `import ${typeOnly && type ? 'type ' : ''}{ ${[...kept, added].join(', ')} } ${from}`;
        updated = source.slice(0, existing.index) + merged + source.slice(existing.index + line.length);
      } else {
        updated = this.afterLastImport(source, `import ${type ? 'type ' : ''}{ ${name} } ${from}`);
      }
    }
    writeFileSync(join(this.root, path), updated);
    if (!this.written.created.includes(path) && !this.written.amended.includes(path)) this.written.amended.push(path);
  }

  private afterLastImport(source: string, line: string): string {
    const last = [...source.matchAll(/^import [\s\S]*? from '[^']+';$/gm)].at(-1);
    if (last?.index === undefined) {
      // The first import: under the file's opening comment.
      const comment = /^(\/\/.*\n)*/.exec(source)?.[0] ?? '';
      return `${comment}${line}\n${source.slice(comment.length)}`;
    }
    const end = last.index + last[0].length;
    return `${source.slice(0, end)}\n${line}${source.slice(end)}`;
  }

  fill(what: string): void {
    this.written.toFill.push(what);
  }
}

// openapi/CONVENTIONS.md: every operation 400, 401 (secured), 429, 5xx; 403 only where it changes state (the CSRF
// header) or a role is refused (added by hand with that role).
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
// The shared table's parameters (openapi/CONVENTIONS.md "Searches"; every parameter has an example).
const listParameters = (sorts: readonly string[], defaultSort: string) => [
  '  parameters:',
  '    - name: q',
  '      in: query',
  '      required: false',
  '      description: Search text, matched case-insensitively against what the table shows.',
  '      schema:',
  '        $ref: ../components/schemas/SearchText.yaml',
  '      example: smith',
  '    - name: page',
  '      in: query',
  '      required: false',
  '      description: The page to answer, from 1.',
  '      schema:',
  ...integer(1, 100000),
  '        default: 1',
  '      example: 1',
  '    - name: pageSize',
  '      in: query',
  '      required: false',
  '      description: Rows per page (the Items per page selector).',
  '      schema:',
  ...integer(10, 500),
  '        enum: [10, 50, 100, 200, 500]',
  '        default: 50',
  '      example: 50',
  '    - name: order',
  '      in: query',
  '      required: false',
  '      description: Sort direction.',
  '      schema:',
  '        type: string',
  '        enum: [asc, desc]',
  '        default: desc',
  '      example: desc',
  '    - name: sort',
  '      in: query',
  '      required: false',
  '      description: The column to sort on.',
  '      schema:',
  '        type: string',
  `        enum: [${sorts.join(', ')}]`,
  `        default: ${defaultSort}`,
  `      example: ${defaultSort}`,
];

const listPageSchema = (row: string) =>
  [
    'type: object',
    'description: One page of the table. `total` counts every row, `filteredTotal` those matching `q`.',
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
  /** Where the spec says it, e.g. `coach-shell §2.4` (the document's name is its openapi/README.md section). */
  spec?: string | undefined;
  /** A list's sort keys (the row's properties); the default sort is `createdAt` when listed, else the first. */
  sorts?: readonly string[] | undefined;
}

const PLACEHOLDER_SPEC = '<document> §<section>';

/** The contract's file name of a path: `/api/teams/{teamId}/members` → `api_teams_{teamId}_members.yaml`. */
export const pathFileOf = (path: string) => `${path.replace(/^\//, '').replaceAll('/', '_')}.yaml`;

export function newOperation(
  tree: Tree,
  { operationId, tag, method, path, feature = tag, web, spec = PLACEHOLDER_SPEC, sorts: sortKeys }: OperationOptions,
): Written {
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
  const changesState = method !== 'get';
  const sorts = sortKeys ?? ['createdAt'];
  const defaultSort = sorts.includes('createdAt') ? 'createdAt' : (sorts[0] ?? 'createdAt');
  const answers = SHARED_ANSWERS.filter((code) => code !== '403' || changesState);

  // 1. The contract: the operation, its answer's schema, its entry in `paths:`.
  tree.create(
    `openapi/bff/paths/${pathFile}`,
    [
      `${method}:`,
      `  operationId: ${operationId}`,
      `  summary: ${operationId}`,
      '  description: |',
      `    What the user does and sees (spec ${spec}). Reads \`<the legacy calls>\`.`,
      '',
      `    Problem codes: 401 \`session_ended\`;${changesState ? ' 403 `csrf_required`;' : ''} 502 \`upstream_error\`; 504 \`upstream_timeout\`.`,
      `  tags: [${tag}]`,
      ...(changesState ? ['  security: [{session: [], csrf: []}]'] : []),
      ...(isList ? listParameters(sorts, defaultSort) : []),
      '  responses:',
      `    '${status}':`,
      `      description: ${answer}.`,
      '      content:',
      '        application/json:',
      '          schema:',
      `            $ref: ../components/schemas/${answer}.yaml`,
      // The first 2xx example is what Prism serves and what the contract test checks: an empty page is valid.
      ...(isList
        ? [
            '          example:',
            '            items: []',
            '            total: 0',
            '            filteredTotal: 0',
            '            page: 1',
            '            pageSize: 50',
          ]
        : ['          example: {}']),
      ...answers.flatMap((code) => [`    '${code}':`, `      $ref: ../components/responses/${RESPONSE_FILES[code]}.yaml`]),
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
        'required: [id]',
        'properties:',
        '  id:',
        '    type: string',
        '    format: uuid',
        '    maxLength: 36',
        '',
      ].join('\n'),
    );
  } else {
    tree.create(
      `openapi/bff/components/schemas/${answer}.yaml`,
      ['type: object', `description: What ${operationId} answers.`, 'required: []', 'properties: {}', ''].join('\n'),
    );
  }
  // At the end of `paths:` (its last line is the closing comment of the last document's section).
  tree.insert('openapi/bff/openapi.yaml', `  ${path}:\n    $ref: paths/${pathFile}\n`, { after: '\npaths:\n', before: 'components:\n' });
  tree.fill(
    `openapi/bff/paths/${pathFile}: the description (${spec === PLACEHOLDER_SPEC ? 'the spec section, ' : ''}the legacy calls, the problem codes), ` +
      (isList
        ? `${sortKeys ? '' : 'the sort keys (or --sorts), '}a row in the example`
        : "the parameters or request body, the answer's example"),
  );
  tree.fill(
    `openapi/bff/components/schemas/${isList ? row : answer}.yaml: the ${isList ? "row's" : "answer's"} properties (openapi/CONVENTIONS.md)`,
  );
  // Its row in the table of the spec document's section (openapi/README.md "Screen or action → BFF operation → legacy calls").
  const readmeRow = `| <the screen or action> | \`${operationId}\` ${method.toUpperCase()} ${path} | <the legacy calls> |`;
  const document = spec === PLACEHOLDER_SPEC ? undefined : spec.split(' ')[0];
  if (document && tree.read('openapi/README.md').includes(`(spec: ${document})\n`)) {
    tree.insert('openapi/README.md', `\n${readmeRow}`, { after: `(spec: ${document})\n`, before: '\n\n' });
    tree.fill("openapi/README.md: its row's screen or action and legacy calls; then `npm run gen`");
  } else {
    tree.fill(`openapi/README.md: the row ${readmeRow} in its spec document's table; then \`npm run gen\``);
  }

  // 2. The BFF: the handler, its routes entry, who may not call it.
  const service = `bff/routes/${tag}/${feature}-service.ts`;
  const handler = [
    '',
    `/** ${operationId}: what it does for the user (spec ${spec}). */`,
    `export const ${operationId}: OperationHandler<'${operationId}'> = async (_input, _ctx) => {`,
    '  // The legacy calls of the contract\'s description, mapped to the answer (bff/README.md "Conventions").',
    '  throw upstreamError();',
    '};',
    '',
  ].join('\n');
  if (tree.exists(service)) {
    writeFileSync(join(tree.root, service), `${tree.read(service).trimEnd()}\n${handler}`);
    if (!tree.written.created.includes(service) && !tree.written.amended.includes(service)) tree.written.amended.push(service);
  } else {
    tree.create(service, `// ${operationId}: the legacy ↔ BFF mapping and the spec's texts.\n${handler.trimStart()}`);
  }
  // An existing service file may import from these modules already: one import per module.
  tree.addImport(service, '../../operation.ts', 'OperationHandler', { type: true });
  tree.addImport(service, '../../problem.ts', 'upstreamError');
  tree.fill(
    `${service}: the handler${isList ? ' (a list answers listPage())' : ''}; bff/roles.ts only if a role may not call it (then 403 in the path file)`,
  );
  const routes = `bff/routes/${tag}/${tag}-routes.ts`;
  if (!tree.exists(routes)) throw new Error(`${routes} does not exist: a new tag needs its folder and a line in bff/app.ts first`);
  tree.addImport(routes, `./${feature}-service.ts`, operationId);
  tree.insert(routes, `  ${operationId},\n`, { after: ': TagRoutes = ', before: '});' });
  tree.insert('bff/roles.ts', `  ${operationId}: ALL,\n`, { after: 'export const REFUSED_ROLES', before: '};' });

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
            `import type { ${isList ? 'components, ' : ''}operations } from '${generated}';`,
            "import { $api } from '../../../lib/query.ts';",
            '',
            // The row's type for the screen's columns: components import generated/ only through their hooks.
            ...(isList ? [`export type ${row} = components['schemas']['${row}'];`] : []),
            `export type ${schema}Query = NonNullable<operations['${operationId}']['parameters']['query']>;`,
            ...(isList ? [`export type ${schema}Sort = NonNullable<${schema}Query['sort']>;`] : []),
            '',
            `/** ${operationId}: what the screen shows (spec ${spec}). */`,
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
            `/** ${operationId}: what the user's action changes (spec ${spec}); the lists it changes are asked for again. */`,
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

/** Formats what was written as biome would (`npm run format`), so a written file is never a diff of its own. */
export function format(root: string, written: Written): void {
  const files = [...written.created, ...written.amended].filter((file) => /\.tsx?$/.test(file)).map((file) => join(root, file));
  if (files.length === 0) return;
  // Without the VCS: the files may be outside the repository (a copy under test).
  execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['check', '--write', '--vcs-enabled=false', `--config-path=${ROOT}`, ...files], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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
      spec: { type: 'string' },
      sorts: { type: 'string' },
      after: { type: 'string' },
      icon: { type: 'string' },
      empty: { type: 'string' },
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
      spec: values.spec,
      sorts: values.sorts?.split(',').map((key) => key.trim()),
    });
  } else if (kind === 'screen' && name) {
    written = newScreen(tree, {
      screenId: name,
      web: need(values.web, 'web'),
      path: need(values.path, 'path'),
      label: need(values.label, 'label'),
      list: need(values.list, 'list'),
      spec: values.spec,
      after: values.after,
      icon: values.icon,
      empty: values.empty,
    });
  } else {
    throw new Error(
      'usage: npm run new -- operation <operationId> --tag … --method … --path … | screen <screenId> --web … --path … --label … --list … (see the top of scripts/new.ts)',
    );
  }
  format(tree.root, written);
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
