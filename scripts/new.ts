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
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { newOperation, type OperationOptions } from './new/operation.ts';
import { newScreen } from './new/screen.ts';
import { ROOT, Tree, type Written } from './new/tree.ts';

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
