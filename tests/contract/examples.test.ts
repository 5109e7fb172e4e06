// Every example of both contracts validates against its own schema, and every operation has examples.
import { describe, expect, it } from 'vitest';
import { checkExamples } from '../../contract/examples.ts';
import { listOperations, loadYaml } from '../../contract/operations.ts';

describe.each(['legacy', 'bff'])('%s contract examples', (api) => {
  const doc = loadYaml(`openapi/${api}.yaml`);
  const problems = checkExamples(doc);
  const operations = listOperations(doc);

  it('has operations', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`]))('%s: examples are present and valid', (name) => {
    expect(problems.filter((p) => p.where.startsWith(`${name} `))).toEqual([]);
  });
});
