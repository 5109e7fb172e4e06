// Checks that a response the tests observe is one openapi/bff.yaml documents: the status is listed
// for the operation, the media type too, and the body validates against its schema (Ajv 2020).
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { createValidator, type Json, type JsonObject, listOperations, type Operation } from '../../scripts/lib/contract.ts';
import { bffContract } from '../plugins/app/openapi-routes.ts';

const doc = bffContract() as JsonObject;
const validate = createValidator(doc);
const operations = listOperations(doc)
  .map((operation) => ({
    operation,
    params: (operation.path.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  // A literal segment wins over a parameter (`/api/session/extend` before `/api/session/{x}`).
  .sort((a, b) => a.params - b.params);

export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

function findOperation(method: string, url: string): Operation | undefined {
  const path = new URL(url, 'http://bff.test').pathname;
  return operations.find(({ operation, pattern }) => operation.method === method.toLowerCase() && pattern.test(path))?.operation;
}

function resolve(value: Json | undefined): Json | undefined {
  let current = value;
  while (current && typeof current === 'object' && !Array.isArray(current) && typeof current.$ref === 'string') {
    let node: Json | undefined = doc;
    for (const key of current.$ref.slice(2).split('/')) node = (node as JsonObject | undefined)?.[key.replaceAll('~1', '/')];
    current = node;
  }
  return current;
}

/** Every way the response differs from the contract (empty when it conforms). */
export function contractViolations({ method, url, status, contentType, body }: ObservedResponse): string[] {
  const operation = findOperation(method, url);
  const where = `${method} ${url} → ${status}`;
  if (!operation) return [`${where}: no operation in openapi/bff.yaml`];
  const responses = (operation.operation.responses ?? {}) as JsonObject;
  const documented = resolve(responses[String(status)] ?? responses.default) as JsonObject | undefined;
  // The contract cannot list 501 for operations that will be built: it must still be a not_implemented Problem.
  if (!documented && status === 501) return notImplementedViolations(where, contentType, body);
  if (!documented) return [`${where}: status not documented for ${operation.operationId}`];
  const content = (documented.content ?? {}) as JsonObject;
  const media = (contentType ?? '').split(';')[0]?.trim() ?? '';
  if (Object.keys(content).length === 0) return body === '' ? [] : [`${where}: a body where the contract has none`];
  const entry = resolve(content[media]) as JsonObject | undefined;
  if (!entry) return [`${where}: media type "${media}" not documented (${Object.keys(content).join(', ')})`];
  if (!media.includes('json')) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [`${where}: body is not JSON`];
  }
  return validate(entry.schema ?? {}, parsed).map((message) => `${where}: ${message}`);
}

/** Problem answers the contract cannot list (501 not_implemented) still have to be Problems. */
export function problemViolations(body: string): string[] {
  return validate({ $ref: '#/components/schemas/Problem' }, JSON.parse(body));
}

function notImplementedViolations(where: string, contentType: string | undefined, body: string): string[] {
  if (!contentType?.startsWith('application/problem+json')) return [`${where}: a 501 that is not a problem`];
  const violations = problemViolations(body).map((message) => `${where}: ${message}`);
  return JSON.parse(body).code === 'not_implemented' ? violations : [...violations, `${where}: a 501 other than not_implemented`];
}

export function expectContract(observed: ObservedResponse): void {
  expect(contractViolations(observed)).toEqual([]);
}

/** `server.inject` plus the contract check of the answer. */
export async function injectChecked(server: FastifyInstance, options: InjectOptions & { url: string }): Promise<InjectResponse> {
  const response = await server.inject(options);
  expectContract({
    method: options.method ?? 'GET',
    url: options.url,
    status: response.statusCode,
    contentType: response.headers['content-type'] as string | undefined,
    body: response.body,
  });
  return response;
}

/** The same check for an answer read from a real socket with fetch (the body is read here). */
export async function expectFetchContract(method: string, url: string, response: Response): Promise<string> {
  const body = await response.text();
  expectContract({ method, url, status: response.status, contentType: response.headers.get('content-type') ?? undefined, body });
  return body;
}
