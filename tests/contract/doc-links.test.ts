// Every relative link in the project's Markdown points at a file inside the repository: a reader of the
// repository alone finds everything its documents link to.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;

const markdownFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.startsWith('docs/requirements/spec/') && !file.startsWith('docs/requirements/design/'));

describe('documentation links', () => {
  it('stay inside the repository and resolve', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const [, target] of readFileSync(join(ROOT, file), 'utf8').matchAll(LINK)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const resolved = join(ROOT, dirname(file), target);
        if (relative(ROOT, resolved).startsWith('..') || !existsSync(resolved)) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
