// The built web client kept by what it is built from: `npm start`, the browser suite, the gallery, the budget and
// the bench each build web/ into a directory of their own, and one test run asks for the same build several times.
// A build is kept under node_modules/.cache/coachportal-web/<digest>, where the digest covers every input of the
// build (web/ but its dist, the generated client types, the lockfile, the PORTAL_* and BFF_URL build settings);
// a later build of the same inputs is a copy. WEB_BUILD_CACHE=off always builds.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const KEPT_BUILDS = 3;

/** The digest of a build's inputs, under `root` (the repository). */
export function webBuildDigest(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const files = [
    ...filesUnder(join(root, 'web'), ['node_modules', 'dist']),
    ...filesUnder(join(root, 'generated'), []),
    join(root, 'package-lock.json'),
  ];
  for (const file of files.sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const settings = Object.entries(env)
    .filter(([name]) => name.startsWith('PORTAL_') || name === 'BFF_URL')
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(settings));
  return hash.digest('hex').slice(0, 32);
}

function filesUnder(dir: string, skipped: readonly string[]): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path, []));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/**
 * Puts the build of the current inputs in `outDir`: a copy of the kept build when there is one, else `build(outDir)`,
 * then kept (written beside and renamed, so a reader never sees half a build; the oldest builds beyond three go).
 */
export async function cachedWebBuild(root: string, outDir: string, build: (outDir: string) => Promise<void>): Promise<void> {
  if (process.env.WEB_BUILD_CACHE === 'off') return build(outDir);
  const cacheDir = join(root, 'node_modules', '.cache', 'coachportal-web');
  const kept = join(cacheDir, webBuildDigest(root));
  if (existsSync(join(kept, 'index.html'))) {
    rmSync(outDir, { recursive: true, force: true });
    cpSync(kept, outDir, { recursive: true });
    return;
  }
  await build(outDir);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const writing = `${kept}.${process.pid}.tmp`;
    cpSync(outDir, writing, { recursive: true });
    renameSync(writing, kept);
    const builds = readdirSync(cacheDir)
      .filter((name) => !name.endsWith('.tmp'))
      .map((name) => ({ path: join(cacheDir, name), at: statSync(join(cacheDir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const { path } of builds.slice(KEPT_BUILDS)) rmSync(path, { recursive: true, force: true });
  } catch {
    // Another process kept the same build first, or the cache cannot be written: the build in outDir stands.
  }
}
