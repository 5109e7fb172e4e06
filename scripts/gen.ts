// Bundles the split contracts into openapi/<api>.yaml and writes their openapi-typescript types into generated/.
//   node scripts/gen.ts           write them
//   node scripts/gen.ts --check   fail (exit 1) when the files on disk differ from what the generator writes
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const APIS = ['legacy', 'bff'] as const;
const outputs = (root: string) => APIS.flatMap((api) => [join(root, `openapi/${api}.yaml`), join(root, `generated/${api}.ts`)]);

function generate(root: string): void {
  for (const api of APIS) {
    const bundle = join(root, `openapi/${api}.yaml`);
    const types = join(root, `generated/${api}.ts`);
    for (const file of [bundle, types]) mkdirSync(dirname(file), { recursive: true });
    execFileSync('npx', ['redocly', 'bundle', `openapi/${api}/openapi.yaml`, '-o', bundle], { stdio: 'pipe' });
    execFileSync('npx', ['openapi-typescript', bundle, '-o', types], { stdio: 'pipe' });
  }
}

if (process.argv.includes('--check')) {
  const scratch = mkdtempSync(join(tmpdir(), 'gen-'));
  generate(scratch);
  const stale = outputs('.').filter((file, i) => {
    const fresh = readFileSync(outputs(scratch)[i] as string, 'utf8');
    return !existsSync(file) || readFileSync(file, 'utf8') !== fresh;
  });
  if (stale.length > 0) {
    console.error(`Stale generated files (run \`npm run gen\` and commit them): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log('Bundles and generated types are up to date.');
} else {
  generate('.');
  const written = outputs('.').map((file) => `${file} (${readFileSync(file).length} bytes)`);
  writeFileSync(join(tmpdir(), 'coach-portal-gen.log'), written.join('\n'));
  console.log(`Wrote ${written.join(', ')}`);
}
