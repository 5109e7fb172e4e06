// docs/requirements/ holds copies of product's specification and design documents (the repository must
// hold everything its documents cite). Where the originals are checked out beside the repository
// (`../shared/`, as in CI), the copies must be exactly them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const SHARED = join(ROOT, '..', 'shared');
const FOLDERS = ['spec', 'design'] as const;

describe.skipIf(!existsSync(SHARED))('docs/requirements', () => {
  it.each(FOLDERS)('%s/ holds exactly the originals in ../shared/%s/', (folder) => {
    const originals = readdirSync(join(SHARED, folder)).filter((name) => name.endsWith('.md'));
    const copies = readdirSync(join(ROOT, 'docs/requirements', folder));
    expect(copies.sort()).toEqual(originals.sort());
    for (const name of originals) {
      const copy = readFileSync(join(ROOT, 'docs/requirements', folder, name), 'utf8');
      expect(copy, `docs/requirements/${folder}/${name} differs from ../shared/${folder}/${name}`).toBe(
        readFileSync(join(SHARED, folder, name), 'utf8'),
      );
    }
  });
});
