// The runtime image installs `dependencies` only (Dockerfile: npm ci --omit=dev): they must be exactly the
// packages the BFF imports at run time, its own files and the files outside bff/ they import (contract/), type-only
// imports erased.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
// A module loaded only when its feature is configured (ioredis with REDIS_URL): `await import('…')`.
const DYNAMIC_IMPORT = /\bawait\s+import\(\s*['"]([^'"]+)['"]\s*\)/g;

function runtimeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : runtimeFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('-test-support.ts') ? [path] : [];
  });
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('production dependencies', () => {
  it('are exactly what the BFF imports at run time', () => {
    const imported = new Set<string>();
    const files = runtimeFiles('bff');
    for (const file of files) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const [, specifier] of [...source.matchAll(IMPORT), ...source.matchAll(DYNAMIC_IMPORT)]) {
        if (!specifier || specifier.startsWith('node:')) continue;
        if (!specifier.startsWith('.')) imported.add(packageOf(specifier));
        else {
          const target = relative(ROOT, join(dirname(join(ROOT, file)), specifier));
          if (!target.startsWith('bff/') && !files.includes(target)) files.push(target);
        }
      }
    }
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(dependencies).sort()).toEqual([...imported].sort());
  });
});
