// Usage: node scripts/check-examples.ts <openapi root or bundle>
// Bundles the contract and validates every example against its own schema.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkExamples } from '../contract/examples.ts';
import { loadYaml } from '../contract/operations.ts';

/** Bundles a split contract (root file) into one document with the Redocly CLI. */
function bundleToTemp(root: string): string {
  const out = join(mkdtempSync(join(tmpdir(), 'bundle-')), 'bundle.yaml');
  execFileSync('npx', ['redocly', 'bundle', root, '-o', out], { stdio: 'pipe' });
  return out;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/check-examples.ts <openapi.yaml>');
  process.exit(2);
}
const problems = checkExamples(loadYaml(bundleToTemp(file)));
for (const p of problems) console.log(`${p.where}: ${p.message}`);
console.log(problems.length === 0 ? 'All examples are valid.' : `${problems.length} problem(s).`);
process.exit(problems.length === 0 ? 0 : 1);
