// One search limit for every list (the contract's SearchText, which the web's search box takes from
// generated/bff-limits.ts): each list operation with a `q` answers a search of that length, and refuses a longer
// one with a sentence naming the search, never a 5xx or a schema path. The operations are found in the contract, so
// a new list is covered the day it is added.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SESSION_COOKIE } from '../../bff/plugins/app/session.ts';
import { injectChecked } from '../../bff/test-support/contract.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../bff/test-support/sandbox-bff.ts';
import { BFF_MAX_LENGTH } from '../../generated/bff-limits.ts';

type Parameter = { name: string; in: string };
const contract = parse(readFileSync(new URL('../../openapi/bff.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; parameters?: Parameter[] }>>;
};
const SEARCHED = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method, operation]) => method === 'get' && operation.parameters?.some((p) => p.name === 'q' && p.in === 'query'))
    .map(([, operation]) => ({ path, operationId: operation.operationId })),
);
const LIMIT = BFF_MAX_LENGTH.SearchText;

let bff: SandboxBff;
let session: string;
beforeAll(async () => {
  bff = await startSandboxBff({ assessments: 20 });
  session = await bff.signIn();
});
afterAll(async () => {
  await bff?.close();
});

const search = (path: string, q: string) =>
  injectChecked(bff.server, { method: 'GET', url: path, query: { q }, headers: CSRF, cookies: { [SESSION_COOKIE]: session } });

describe('the search of every list', () => {
  it('is found on each list operation', () => {
    expect(SEARCHED.map((operation) => operation.operationId).sort()).toEqual(
      expect.arrayContaining(['listAssessmentIds', 'listAssessments', 'listClients', 'listMiniAssessments', 'listPairs', 'listTeams']),
    );
  });

  it.each(SEARCHED)(`$operationId answers a search of ${LIMIT} characters and refuses one longer with a sentence`, async ({ path }) => {
    expect((await search(path, 'é'.repeat(LIMIT))).statusCode).toBe(200);
    const refused = await search(path, 'a'.repeat(LIMIT + 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      detail: `The search text can be at most ${LIMIT} characters long.`,
    });
  });
});
