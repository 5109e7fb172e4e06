// Tests' check that a sandbox answer is one openapi/legacy.yaml documents (contract/answers.ts: the operation,
// the status, the media type and a JSON body's schema).
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { answerChecker } from '../../contract/answers.ts';
import { LEGACY_CONTRACT_FILE, loadYaml } from '../../contract/operations.ts';

const violations = answerChecker(loadYaml(LEGACY_CONTRACT_FILE), { name: 'openapi/legacy.yaml' });

/** Every way the answer differs from the legacy contract (empty when it conforms). */
export function legacyViolations(method: string, url: string, response: InjectResponse): string[] {
  const contentType = response.headers['content-type'];
  return violations({
    method,
    url,
    status: response.statusCode,
    contentType: contentType === undefined ? undefined : String(contentType),
    body: response.body,
  });
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
