// The role rules (bff/roles.ts): one entry for every contract operation, each refusal declared as a 403 in
// the contract, and, against the sandbox, an assistant's and a mini-only coach's session refused every such
// operation (403 role_refused, before the legacy API is asked) while the coach's own session is not.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../sandbox/seed/accounts.ts';
import { seedStore } from '../sandbox/seed/seed.ts';
import { buildServer } from './app.ts';
import { PUBLIC_OPERATIONS } from './operation.ts';
import { bffOperations } from './plugins/app/bff-contract.ts';
import { SESSION_COOKIE } from './plugins/app/session.ts';
import { MINI_ONLY_REFUSED_DETAIL, REFUSED_ROLES, ROLE_REFUSED_DETAIL } from './roles.ts';
import { CSRF, signInToBff } from './test-support/bff-session.ts';
import { injectChecked } from './test-support/contract.ts';
import { testConfig } from './test-support/test-server.ts';

/** Every operation of the contract with its method, a concrete path and its declared answers. */
function operations() {
  return bffOperations().map(({ operationId, method, path, operation }) => ({
    id: operationId as keyof typeof REFUSED_ROLES,
    method: method.toUpperCase() as 'GET',
    url: path.replace(/\{[^}]+\}/g, '0b9a3f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'),
    statuses: Object.keys(operation.responses as Record<string, unknown>),
  }));
}

const refusedToAssistant = operations().filter(({ id }) => REFUSED_ROLES[id].includes('assistant'));
const refusedToMiniOnly = operations().filter(({ id }) => REFUSED_ROLES[id].includes('miniOnly'));

describe('the role rules', () => {
  it('have exactly one entry per contract operation', () => {
    expect(Object.keys(REFUSED_ROLES).sort()).toEqual(
      operations()
        .map(({ id }) => id)
        .sort(),
    );
  });

  it('refuse no role a public operation (it has no session to have a role)', () => {
    for (const id of PUBLIC_OPERATIONS) expect(REFUSED_ROLES[id], id).toEqual([]);
  });

  it('declare every refusal as a 403 in the contract', () => {
    for (const { id, statuses } of [...refusedToAssistant, ...refusedToMiniOnly]) expect(statuses, id).toContain('403');
  });

  it('hide from an assistant the areas the spec hides: Teams, Pairs, the Balance history, the Assistants section', () => {
    expect(refusedToAssistant.map(({ id }) => id)).toEqual(
      expect.arrayContaining([
        'listTeams',
        'getTeam',
        'listPairs',
        'createPair',
        'listCreditTransactions',
        'cancelCreditOrder',
        'listAssistants',
      ]),
    );
    // The token balance in the top bar, SCO Given (the assessment list) and the dashboard stay.
    for (const id of ['getCredits', 'listAssessments', 'getDashboard', 'sendFeedback'] as const) {
      expect(REFUSED_ROLES[id], id).not.toContain('assistant');
    }
  });

  it('let an assistant add clients and assessments on the coach’s behalf (assessments-and-clients §1, §6)', () => {
    for (const id of ['createClient', 'addClientAssessment', 'listAssessmentProjects', 'listAssessments', 'listClients'] as const) {
      expect(REFUSED_ROLES[id], id).not.toContain('assistant');
    }
  });

  it('hide from a coach limited to minis every area but the dashboard, mini-assessments, messages, samples and profile', () => {
    expect(refusedToMiniOnly.map(({ id }) => id)).toEqual(
      expect.arrayContaining([
        'listAssessments',
        'revokeAssessmentSco',
        'createClient',
        'listTeams',
        'listPairs',
        'listCreditTransactions',
        'getEmailTemplate',
        'downloadActivitySummary',
      ]),
    );
    for (const id of ['getDashboard', 'listMiniAssessments', 'listMessages', 'listSampleReports', 'getProfile', 'getCredits'] as const) {
      expect(REFUSED_ROLES[id], id).not.toContain('miniOnly');
    }
  });
});

describe('on the sandbox', () => {
  let sandbox: FastifyInstance;
  let server: FastifyInstance;
  let legacyCalls = 0;

  beforeAll(async () => {
    sandbox = await buildSandbox({ store: seedStore({ now: Date.now(), assessments: 5 }) });
    sandbox.addHook('onRequest', async () => {
      legacyCalls += 1;
    });
    const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    server = buildServer(testConfig({ LEGACY_API_URL: url }));
    await server.ready();
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  const signIn = (email: string) => signInToBff(server, email, DEMO_PASSWORD);

  it('refuses an assistant every operation of a hidden area with 403 role_refused, asking the legacy API nothing', async () => {
    const session = await signIn(SEED_ASSISTANT.email);
    expect(refusedToAssistant.length).toBeGreaterThan(20);
    for (const { id, method, url } of refusedToAssistant) {
      const before = legacyCalls;
      const response = await injectChecked(server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: session } });
      expect(response.statusCode, id).toBe(403);
      expect(response.json(), id).toMatchObject({ code: 'role_refused', detail: ROLE_REFUSED_DETAIL });
      expect(legacyCalls - before, id).toBe(0);
    }
  });

  it('refuses a coach limited to minis every operation of a hidden area with the dashboard notice, asking the legacy API nothing', async () => {
    const session = await signIn(SEED_COACHES.miniOnly.email);
    expect(refusedToMiniOnly.length).toBeGreaterThan(50);
    for (const { id, method, url } of refusedToMiniOnly) {
      const before = legacyCalls;
      const response = await injectChecked(server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: session } });
      expect(response.statusCode, id).toBe(403);
      expect(response.json(), id).toMatchObject({ code: 'role_refused', detail: MINI_ONLY_REFUSED_DETAIL });
      expect(legacyCalls - before, id).toBe(0);
    }
    const minis = await injectChecked(server, { method: 'GET', url: '/api/mini-assessments', cookies: { [SESSION_COOKIE]: session } });
    expect(minis.statusCode).toBe(200);
  });

  it("lets the assistant's session into the areas it keeps", async () => {
    const session = await signIn(SEED_ASSISTANT.email);
    const dashboard = await injectChecked(server, { method: 'GET', url: '/api/dashboard', cookies: { [SESSION_COOKIE]: session } });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().assistant.email).toBe(SEED_ASSISTANT.email);
  });

  it('lets an assistant add a client for the coach', async () => {
    const session = await signIn(SEED_ASSISTANT.email);
    const created = await injectChecked(server, {
      method: 'POST',
      url: '/api/clients',
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: session },
      payload: { name: 'Lindiwe', surname: 'Dube', email: 'lindiwe.dube.roles@example.test', assessment: { assessmentType: 'ennea' } },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it("does not refuse the coach's own session any of them", async () => {
    const session = await signIn(SEED_COACHES.demo.email);
    for (const { id, method, url } of [...refusedToAssistant, ...refusedToMiniOnly]) {
      const response = await injectChecked(server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: session } });
      expect(response.statusCode === 403 ? response.json().code : 'not refused', id).not.toBe('role_refused');
    }
  });
});
