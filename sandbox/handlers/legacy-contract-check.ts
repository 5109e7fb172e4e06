// Tests' check that a sandbox answer is one openapi/legacy.yaml documents: the status is listed for the
// operation, the media type too, and a JSON body validates against its schema.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { createValidator, type Json, type JsonObject, listOperations, loadYaml } from '../../scripts/lib/contract.ts';
import { CONTRACT_PATH } from '../app.ts';

const doc = loadYaml(CONTRACT_PATH.pathname);
const validate = createValidator(doc);
const operations = listOperations(doc)
  .map((operation) => ({
    operation,
    params: (operation.path.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  // A literal segment wins over a parameter (`/api/v2/coaches/setTwoFactor/{id}` before `/api/v2/coaches/{id}/...`).
  .sort((a, b) => a.params - b.params);

function resolve(value: Json | undefined): Json | undefined {
  let current = value;
  while (current && typeof current === 'object' && !Array.isArray(current) && typeof current.$ref === 'string') {
    let node: Json | undefined = doc;
    for (const key of current.$ref.slice(2).split('/')) node = (node as JsonObject | undefined)?.[key.replaceAll('~1', '/')];
    current = node;
  }
  return current;
}

/** Every way the answer differs from the legacy contract (empty when it conforms). */
export function legacyViolations(method: string, url: string, response: InjectResponse): string[] {
  const path = new URL(url, 'http://sandbox.test').pathname;
  const found = operations.find(({ operation, pattern }) => operation.method === method.toLowerCase() && pattern.test(path));
  const where = `${method} ${url} → ${response.statusCode}`;
  if (!found) return [`${where}: no operation in openapi/legacy.yaml`];
  const responses = (found.operation.operation.responses ?? {}) as JsonObject;
  const documented = resolve(responses[String(response.statusCode)]) as JsonObject | undefined;
  if (!documented) return [`${where}: status not documented for ${found.operation.operationId}`];
  const content = (documented.content ?? {}) as JsonObject;
  const media =
    String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  if (Object.keys(content).length === 0) return response.body === '' ? [] : [`${where}: a body where the contract has none`];
  const entry = resolve(content[media]) as JsonObject | undefined;
  if (!entry) return [`${where}: media type "${media}" not documented (${Object.keys(content).join(', ')})`];
  if (!media.includes('json')) return [];
  return validate(entry.schema ?? {}, JSON.parse(response.body)).map((message) => `${where}: ${message}`);
}

/** `app.inject` plus the contract check of the answer. */
export async function injectLegacy(
  app: FastifyInstance,
  options: InjectOptions & { method: string; url: string },
): Promise<InjectResponse> {
  const response = await app.inject(options);
  expect(legacyViolations(options.method, options.url, response)).toEqual([]);
  return response;
}
