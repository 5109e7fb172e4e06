// The scaffold's writer (scripts/new.ts): files created or amended under a root, each change refused rather than
// guessed when its anchor is not found, and the list of what the developer fills in next.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository (the scaffold writes here unless given another root). */
export const ROOT = join(import.meta.dirname, '..', '..');

export interface Written {
  /** New files. */
  created: string[];
  /** Files a line was added to. */
  amended: string[];
  /** What the developer writes next, in order. */
  toFill: string[];
}

export const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
export const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
export const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
export class Tree {
  readonly written: Written = { created: [], amended: [], toFill: [] };
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), 'utf8');
  }

  exists(path: string): boolean {
    return existsSync(join(this.root, path));
  }

  create(path: string, text: string): void {
    if (this.exists(path)) throw new Error(`${path} exists already: nothing was written over it`);
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), text);
    this.written.created.push(path);
  }

  /** Inserts `text` before the first match of `before` after `after` (both plain text); refuses when not found. */
  insert(path: string, text: string, { after, before }: { after?: string; before: string }): void {
    const source = this.read(path);
    const from = after === undefined ? 0 : source.indexOf(after);
    const at = from < 0 ? -1 : source.indexOf(before, from + (after?.length ?? 0));
    if (at < 0) throw new Error(`${path}: could not find where to add ${JSON.stringify(text.trim())}`);
    writeFileSync(join(this.root, path), source.slice(0, at) + text + source.slice(at));
    if (!this.written.amended.includes(path)) this.written.amended.push(path);
  }

  /** Inserts `text` after the line that starts with `line` (after `after`); refuses when not found. */
  insertAfterLine(path: string, text: string, { after, line }: { after: string; line: string }): void {
    const source = this.read(path);
    const from = source.indexOf(after);
    const start = from < 0 ? -1 : source.indexOf(`\n${line}`, from);
    if (start < 0) throw new Error(`${path}: no line ${JSON.stringify(line.trim())} to add ${JSON.stringify(text.trim())} after`);
    const end = source.indexOf('\n', start + 1) + 1;
    writeFileSync(join(this.root, path), source.slice(0, end) + text + source.slice(end));
    if (!this.written.amended.includes(path)) this.written.amended.push(path);
  }

  /**
   * Imports `name` from `module`: into the file's import of that module when it has one (one import line per
   * module), else as a new line after the file's last import. A default import is `{ default: name }`.
   */
  addImport(path: string, module: string, name: string | { default: string }, { type = false } = {}): void {
    const source = this.read(path);
    const from = `from '${module}';`;
    let updated: string;
    if (typeof name === 'object') {
      updated = this.afterLastImport(source, `import ${name.default} ${from}`);
    } else {
      const existing = [...source.matchAll(/^import (type )?\{([^}]*)\} from '([^']+)';$/gm)].find((match) => match[3] === module);
      if (existing?.index !== undefined) {
        const [line, typeOnly, names = ''] = existing;
        const specifiers = names
          .split(',')
          .map((specifier) => specifier.trim())
          .filter(Boolean);
        if (specifiers.some((specifier) => specifier.replace(/^type /, '') === name)) return;
        // Mixing a value into a type-only import makes each of its names `type`.
        const kept = typeOnly && !type ? specifiers.map((specifier) => `type ${specifier}`) : specifiers;
        const added = type && !typeOnly ? `type ${name}` : name;
        const merged = `import ${typeOnly && type ? 'type ' : ''}{ ${[...kept, added].join(', ')} } ${from}`;
        updated = source.slice(0, existing.index) + merged + source.slice(existing.index + line.length);
      } else {
        updated = this.afterLastImport(source, `import ${type ? 'type ' : ''}{ ${name} } ${from}`);
      }
    }
    writeFileSync(join(this.root, path), updated);
    if (!this.written.created.includes(path) && !this.written.amended.includes(path)) this.written.amended.push(path);
  }

  private afterLastImport(source: string, line: string): string {
    const last = [...source.matchAll(/^import [\s\S]*? from '[^']+';$/gm)].at(-1);
    if (last?.index === undefined) {
      // The first import: under the file's opening comment.
      const comment = /^(\/\/.*\n)*/.exec(source)?.[0] ?? '';
      return `${comment}${line}\n${source.slice(comment.length)}`;
    }
    const end = last.index + last[0].length;
    return `${source.slice(0, end)}\n${line}${source.slice(end)}`;
  }

  fill(what: string): void {
    this.written.toFill.push(what);
  }
}
