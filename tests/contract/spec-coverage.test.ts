// Every call of §7 of the three spec documents is an operation of the legacy contract.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listOperations, loadYaml } from '../../contract/operations.ts';
import { SPEC_CALLS } from './spec-calls.ts';

const SPEC_DIR = 'docs/requirements/spec';

/** The first cell of every row of each document's "## 7." table. */
function specCallRows(): string[] {
  const rows: string[] = [];
  for (const file of readdirSync(SPEC_DIR).filter((f) => f.endsWith('.md'))) {
    const section =
      readFileSync(join(SPEC_DIR, file), 'utf8')
        .split(/^## /m)
        .find((s) => s.startsWith('7.')) ?? '';
    for (const line of section.split('\n')) {
      const cell = line.startsWith('| ') ? line.split('|')[1]?.trim() : undefined;
      if (cell && cell !== 'Method and path' && !/^-+$/.test(cell)) rows.push(cell);
    }
  }
  return rows;
}

const operations = new Set(listOperations(loadYaml('openapi/legacy.yaml')).map((op) => `${op.method.toUpperCase()} ${op.path}`));

describe('spec §7 calls are legacy operations', () => {
  const rows = specCallRows();
  it('reads the three documents', () => {
    expect(rows.length).toBeGreaterThan(80);
  });
  it.each(rows.map((row) => [row]))('%s', (row) => {
    const mapped = SPEC_CALLS[row];
    expect(mapped, 'the row is mapped in tests/contract/spec-calls.ts').toBeDefined();
    for (const operation of mapped ?? []) expect([...operations]).toContain(operation);
  });
});
