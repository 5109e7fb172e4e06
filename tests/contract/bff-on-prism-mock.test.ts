// The BFF in front of Prism's mock of the legacy contract instead of the sandbox (`npm run mock`): signed in with
// the mock's example answers, every read operation of the BFF contract that is built answers within its own
// contract (checked by injectChecked) and never with a 5xx. It proves the BFF can read whatever the legacy
// contract's examples say, without the sandbox's state. The BFF's behaviour suites (`bff/**/*-sandbox.test.ts`,
// the faults suites) and the browser suites (`tests/e2e/`) need the sandbox: they read its store back, sign in
// several seeded accounts, switch its faults and use its `/__sandbox` endpoints, none of which a mock has.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../bff/app.ts';
import { SESSION_COOKIE } from '../../bff/plugins/app/session.ts';
import { injectChecked } from '../../bff/test-support/contract.ts';
import { testConfig } from '../../bff/test-support/test-server.ts';
import { listOperations, loadYaml } from '../../contract/operations.ts';
import { type RunningPrism, startPrism } from '../../scripts/lib/prism.ts';

const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };
const bff = loadYaml('openapi/bff.yaml');
// Reads with their example parameters; the files (downloads, the photo) and the probes are left out.
const reads = listOperations(bff).filter(
  (operation) =>
    operation.method === 'get' &&
    !['getLiveness', 'getReadiness', 'getProfilePhoto'].includes(operation.operationId) &&
    !operation.operationId.startsWith('download'),
);

function exampleUrl(operation: (typeof reads)[number]): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.example === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${String(parameter.name)}}`, encodeURIComponent(String(parameter.example)));
    else if (parameter.in === 'query' && parameter.required) query.set(String(parameter.name), String(parameter.example));
  }
  const search = query.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

describe('the BFF in front of the Prism mock', () => {
  let prism: RunningPrism;
  let server: FastifyInstance;
  let cookie = '';
  beforeAll(async () => {
    prism = await startPrism('openapi/legacy.yaml');
    // SAMPLE_REPORTS_URL: the sample list is made from the setting, with no legacy call.
    server = buildServer(testConfig({ LEGACY_API_URL: prism.url, SAMPLE_REPORTS_URL: 'https://samples.coachportal.test/' }));
    await server.ready();
    const signedIn = await injectChecked(server, {
      method: 'POST',
      url: '/api/session',
      headers: CSRF,
      payload: { email: 'demo@coachportal.test', password: 'any-password-1' },
    });
    expect(signedIn.statusCode).toBe(200);
    cookie = signedIn.cookies.find((entry) => entry.name === SESSION_COOKIE)?.value ?? '';
  });
  afterAll(async () => {
    await server?.close();
    await prism?.stop();
  });

  it('signs in with the example answers', () => {
    expect(cookie).not.toBe('');
  });

  it.each(reads.map((operation) => [operation.operationId, operation] as const))('%s', async (_name, operation) => {
    const url = exampleUrl(operation);
    const response = await injectChecked(server, { url, cookies: { [SESSION_COOKIE]: cookie } });
    // 501: not built yet; anything else below 500 is an answer the contract lists (checked above).
    expect(response.statusCode === 501 || response.statusCode < 500, `${url} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBe(
      true,
    );
  });
});
