// The kept web build: the same inputs are built once and copied after; any input changed (a source file, the
// generated types, the lockfile, a PORTAL_* setting) builds again.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedWebBuild, webBuildDigest } from './web-build-cache.ts';

let root: string;
let builds: number;

/** A stand-in for Vite: writes index.html naming the build's number. */
async function build(outDir: string): Promise<void> {
  builds += 1;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), `build ${builds}`);
}

const built = (outDir: string) => readFileSync(join(outDir, 'index.html'), 'utf8');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'web-build-cache-'));
  builds = 0;
  mkdirSync(join(root, 'web', 'src'), { recursive: true });
  mkdirSync(join(root, 'generated'));
  writeFileSync(join(root, 'web', 'src', 'main.tsx'), 'one');
  writeFileSync(join(root, 'generated', 'bff.ts'), 'types');
  writeFileSync(join(root, 'package-lock.json'), '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('cachedWebBuild', () => {
  it('builds the same inputs once and copies that build into every later directory', async () => {
    await cachedWebBuild(root, join(root, 'out-1'), build);
    await cachedWebBuild(root, join(root, 'out-2'), build);
    expect(builds).toBe(1);
    expect(built(join(root, 'out-2'))).toBe('build 1');
  });

  it('builds again when a source file, the generated types or the lockfile changed', async () => {
    await cachedWebBuild(root, join(root, 'out'), build);
    writeFileSync(join(root, 'web', 'src', 'main.tsx'), 'two');
    await cachedWebBuild(root, join(root, 'out'), build);
    writeFileSync(join(root, 'generated', 'bff.ts'), 'other types');
    await cachedWebBuild(root, join(root, 'out'), build);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    await cachedWebBuild(root, join(root, 'out'), build);
    expect(builds).toBe(4);
    expect(built(join(root, 'out'))).toBe('build 4');
  });

  it('tells builds of other PORTAL_* settings apart and ignores web/dist and other settings', () => {
    const digest = webBuildDigest(root, { PORTAL_BUILD_VERSION: 'a', HOME: '/root' });
    expect(webBuildDigest(root, { PORTAL_BUILD_VERSION: 'b', HOME: '/root' })).not.toBe(digest);
    mkdirSync(join(root, 'web', 'dist'));
    writeFileSync(join(root, 'web', 'dist', 'index.html'), 'a build');
    expect(webBuildDigest(root, { PORTAL_BUILD_VERSION: 'a', HOME: '/elsewhere' })).toBe(digest);
  });
});
