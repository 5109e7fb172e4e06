// `npm run new -- operation …` (scripts/new.ts): the contract's path file and its `paths:` entry, the answer's
// schema, the handler, its routes and REFUSED_ROLES entries, the two BFF test files, the row in openapi/README.md
// and, with --web, the web's query or mutation hook.
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { camel, kebab, pascal, type Tree, type Written } from './tree.ts';

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

export const PLACEHOLDER_SPEC = '<document> §<section>';

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
        '    maxLength: 64',
        // The shared table selects and keys its rows by a string `id`; the legacy record's own id may be a number or a uuid.
        "    description: The row's key in the table, the legacy record's id as a string (add the uuid format when it is one).",
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
      "import { injectChecked } from '../../test-support/contract.ts';",
      "import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';",
      "import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';",
      '',
      "// The legacy call of the contract's description, as the fault upstream receives it (its path as openapi/legacy.yaml has it).",
      `const LEGACY = \`GET /api/v2/coaches/\${LEGACY_COACH_ID}/<the legacy call>\`;`,
      '',
      'let bff: FaultBff;',
      'beforeEach(async () => {',
      '  bff = await startFaultBff();',
      '});',
      'afterEach(() => bff?.close());',
      '',
      `describe('${operationId} on a failing legacy API', () => {`,
      "  it('makes the legacy calls of the contract', async () => {",
      '    // Answered as the legacy API answers it (openapi/legacy.yaml); a call nobody answered gets a 404.',
      '    bff.upstream.answer(LEGACY, { status: 200, json: {} });',
      `    const response = await injectChecked(bff.server, { method: '${method.toUpperCase()}', url: '${url}', headers: CSRF, cookies: { [SESSION_COOKIE]: bff.session } });`,
      `    expect(response.statusCode).toBe(${status});`,
      '    expect(bff.calls(LEGACY)).toHaveLength(1);',
      '  });',
      '});',
      '',
    ].join('\n'),
  );
  tree.fill(
    `bff/routes/${tag}/${kebab(operationId)}-sandbox.test.ts, -faults.test.ts (its LEGACY call and answer): the spec's behaviour and the failures`,
  );

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
