// Tests' check that a BFF answer is one openapi/bff.yaml documents (contract/answers.ts: the operation, the
// status, the media type and the body's schema), through `app.inject` or a real socket.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { answerChecker, type ObservedAnswer } from '../../contract/answers.ts';
import type { JsonObject } from '../../contract/operations.ts';
import { createValidator } from '../../contract/validator.ts';
import { bffContract } from '../plugins/app/bff-contract.ts';

const validate = createValidator(bffContract() as JsonObject);

/** Every way the response differs from the contract (empty when it conforms). */
export const contractViolations = answerChecker(bffContract() as JsonObject, {
  name: 'openapi/bff.yaml',
  validate,
  // The contract cannot list 501 for operations that will be built: it must still be a not_implemented Problem.
  undocumented: (where, { status, contentType, body }) => (status === 501 ? notImplementedViolations(where, contentType, body) : undefined),
});

/** Problem answers the contract cannot list (501 not_implemented) still have to be Problems. */
export function problemViolations(body: string): string[] {
  return validate({ $ref: '#/components/schemas/Problem' }, JSON.parse(body));
}

function notImplementedViolations(where: string, contentType: string | undefined, body: string): string[] {
  if (!contentType?.startsWith('application/problem+json')) return [`${where}: a 501 that is not a problem`];
  const violations = problemViolations(body).map((message) => `${where}: ${message}`);
  return JSON.parse(body).code === 'not_implemented' ? violations : [...violations, `${where}: a 501 other than not_implemented`];
}

export function expectContract(observed: ObservedAnswer): void {
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
