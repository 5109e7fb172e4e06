// The node test files share their worker's modules (vitest.config.ts): a file that replaces a module would leave
// the replacement to the files after it, or find the module already imported. Those files are listed in
// MODULE_MOCKING_FILES and run isolated; this test fails on one that is not listed (or listed and no longer mocking).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_FILES } from '../../vitest.config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE_TEST_DIRS = ['bff', 'sandbox', 'scripts', 'ops', 'tests'];
const REPLACES_A_MODULE = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('tests/e2e/') && !file.includes('node_modules'));
}

describe('node test files that replace a module', () => {
  it('are exactly the ones vitest.config.ts runs isolated', () => {
    const files = NODE_TEST_DIRS.flatMap(testFilesUnder);
    expect(files.length).toBeGreaterThan(150);
    const mocking = files.filter((file) => REPLACES_A_MODULE.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(mocking.sort()).toEqual([...MODULE_MOCKING_FILES].sort());
  });
});
