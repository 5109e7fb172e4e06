// The BFF as production runs it: its TypeScript as JavaScript, the types stripped (Node's own stripper, the one
// `node file.ts` uses) and the relative `.ts` specifiers turned into `.js`, each file beside where its source stands.
// Run as .ts, every BFF process loads Node's TypeScript stripper (a WebAssembly build of swc) and keeps its memory:
// ≈ 27 MB of RSS at rest (docs/benchmarks.md, "The BFF at rest"; docs/decisions/037-the-bff-at-rest.md).
//   node scripts/lib/bff-build.ts <root>   writes bff/, contract/ and generated/ as .js under <root> (the image: `.`)
// The bench runs its BFFs the same way from a copy (builtBffCopy).
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What the BFF's processes load of the repository's own code. */
export const BFF_SOURCE_DIRS = ['bff', 'contract', 'generated'] as const;

// `from './x.ts'`, `import './x.ts'`, `import('./x.ts')`: relative specifiers only (a package's never ends in .ts here).
const RELATIVE_TS_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]*?)\.ts\2/g;

/** One module's JavaScript: the types replaced by blanks (lines and columns kept), `.ts` specifiers as `.js`. */
export function javaScriptOf(source: string): string {
  return stripTypeScriptTypes(source, { mode: 'strip' }).replace(RELATIVE_TS_SPECIFIER, '$1$2$3.js$2');
}

const isRunTimeSource = (path: string) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts');

/** Writes the .js of every non-test .ts under `dirs` of `fromRoot` to the same place under `toRoot`; answers how many. */
export function writeJavaScript(fromRoot: string, toRoot: string, dirs: readonly string[]): number {
  let written = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'test-support') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (isRunTimeSource(path)) {
        const target = join(toRoot, relative(fromRoot, path)).replace(/\.ts$/, '.js');
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, javaScriptOf(readFileSync(path, 'utf8')));
        written++;
      }
    }
  };
  for (const dir of dirs) walk(join(fromRoot, dir));
  return written;
}

/**
 * A copy of the repository the bench starts its BFFs from as production starts one: the BFF's code and the bench's
 * scripts as .js, the contract's JSON, and links to node_modules, openapi/ and web/.
 */
export function builtBffCopy(toRoot: string): string {
  writeJavaScript(ROOT, toRoot, [...BFF_SOURCE_DIRS, 'scripts/bench']);
  cpSync(join(ROOT, 'generated/bff-contract.json'), join(toRoot, 'generated/bff-contract.json'));
  cpSync(join(ROOT, 'package.json'), join(toRoot, 'package.json'));
  for (const linked of ['node_modules', 'openapi', 'web']) symlinkSync(join(ROOT, linked), join(toRoot, linked));
  return toRoot;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const toRoot = process.argv[2];
  if (!toRoot) throw new Error('usage: node scripts/lib/bff-build.ts <root>');
  const written = writeJavaScript(ROOT, toRoot, BFF_SOURCE_DIRS);
  console.log(`Wrote ${written} modules of ${BFF_SOURCE_DIRS.join(', ')} as .js under ${toRoot}`);
}
