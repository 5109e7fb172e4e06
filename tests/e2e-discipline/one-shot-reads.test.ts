// The browser suite's waiting discipline (tests/e2e/README.md): an assertion on page content retries until it
// holds. Reading the page once and asserting on the value (`expect(await locator.count())`, `innerText()`,
// `page.url()`, …) races with whatever a later request fills in, so such reads may appear only inside a callback
// that is retried: `expect.poll(() => …)` or `expect(async () => …).toPass()`. This test reads the suite's
// sources with the TypeScript parser and lists every read outside those callbacks.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const E2E_DIR = join(ROOT, 'tests/e2e');

/** Methods of Locator and Page that read the page as it is at that instant. */
const ONE_SHOT_READS = new Set([
  'allInnerTexts',
  'allTextContents',
  'boundingBox',
  'content',
  'count',
  'getAttribute',
  'innerHTML',
  'innerText',
  'inputValue',
  'isChecked',
  'isDisabled',
  'isEditable',
  'isEnabled',
  'isHidden',
  'isVisible',
  'textContent',
  'title',
]);
/** A page's address, read once (`request.url()` and `response.url()` are not reads of the page). */
const isPageUrl = (node: ts.CallExpression) =>
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'url' &&
  /page$/i.test(node.expression.expression.getText());
/** Script run in the page: a read when its result is asserted on. */
const IN_PAGE_SCRIPTS = new Set(['evaluate', 'evaluateAll', '$eval', '$$eval']);

interface OneShotRead {
  file: string;
  line: number;
  text: string;
}

function calledName(node: ts.CallExpression): string | undefined {
  return ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : undefined;
}

/** Whether `node` lies in the callback of `expect.poll(callback)` or of `expect(callback).toPass()`. */
function insideRetriedCallback(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (!(ts.isArrowFunction(at) || ts.isFunctionExpression(at))) continue;
    const call: ts.Node | undefined = at.parent;
    if (!call || !ts.isCallExpression(call) || call.arguments[0] !== at) continue;
    const callee = call.expression;
    if (
      ts.isPropertyAccessExpression(callee) &&
      callee.name.text === 'poll' &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === 'expect'
    ) {
      return true;
    }
    if (ts.isIdentifier(callee) && callee.text === 'expect') {
      const access = call.parent;
      if (access && ts.isPropertyAccessExpression(access) && access.name.text === 'toPass') return true;
    }
  }
  return false;
}

/** Whether `node` is inside the value given to `expect(…)` (not `expect.poll`). */
function insideExpectedValue(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at?.parent; at = at.parent) {
    const parent: ts.Node = at.parent;
    if (
      ts.isCallExpression(parent) &&
      parent.arguments[0] === at &&
      ts.isIdentifier(parent.expression) &&
      parent.expression.text === 'expect'
    )
      return true;
  }
  return false;
}

function oneShotReads(file: string, source: string): OneShotRead[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: OneShotRead[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calledName(node);
      const read = (name !== undefined && ONE_SHOT_READS.has(name)) || isPageUrl(node);
      const script = name !== undefined && IN_PAGE_SCRIPTS.has(name) && insideExpectedValue(node);
      if ((read || script) && !insideRetriedCallback(node)) {
        const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
        found.push({ file, line: line + 1, text: node.getText(sourceFile).split('\n')[0] ?? '' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the browser suite reads the page only in retried assertions', () => {
  it('finds a one-shot read, and accepts the same read inside expect.poll or toPass', () => {
    const source = `
      const n = await rows.count();
      expect(await page.getByRole('alert').innerText()).toBe('x');
      expect(await page.evaluate(() => document.title)).toBe('x');
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(async () => (await rows.allInnerTexts()).join()).toContain('a');
      await expect(async () => expect(await page.url()).toContain('q=')).toPass();
      await page.evaluate(() => window.scrollTo(0, 0));
    `;
    expect(oneShotReads('sample.ts', source).map((read) => read.line)).toEqual([2, 3, 4]);
  });

  it('has none in tests/e2e/', () => {
    const found = sourcesUnder(E2E_DIR).flatMap((path) => oneShotReads(relative(ROOT, path), readFileSync(path, 'utf8')));
    expect(found.map((read) => `${read.file}:${read.line} ${read.text}`)).toEqual([]);
  });
});
