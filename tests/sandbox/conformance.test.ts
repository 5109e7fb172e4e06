// `npm run conformance` against the seeded sandbox: every call of the read-only run conforms to
// openapi/legacy.yaml and changes nothing; --write adds the calls that change data; an answer that breaks the
// contract is reported as failed with Prism's violation, and the rest of the run goes on.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../sandbox/app.ts';
import { emptySwitches } from '../../sandbox/faults/switches.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { seedStore } from '../../sandbox/seed/seed.ts';
import { signIn } from '../../sandbox/test-support/test-sandbox.ts';
import { type CheckResult, formatTable, runConformance } from '../../scripts/lib/conformance.ts';

describe('the conformance run', () => {
  let sandbox: FastifyInstance;
  let target: string;
  const faults = emptySwitches();
  const credentials = { email: SEED_COACHES.demo.email, password: DEMO_PASSWORD };

  beforeAll(async () => {
    sandbox = await buildSandbox({ store: seedStore({ now: Date.now(), assessments: 40 }), faults });
    target = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const unreadMessages = async () => {
    const cookie = await signIn(sandbox, SEED_COACHES.demo.email);
    const coach = await sandbox.inject({ url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}`, headers: { cookie } });
    return (coach.json() as { newMessages: number }).newMessages;
  };
  const outcomes = (results: CheckResult[]) => new Set(results.map((result) => result.outcome));

  it('passes read-only against the sandbox, changing nothing, and prints a table', async () => {
    const unread = await unreadMessages();
    expect(unread).toBeGreaterThan(0);
    const results = await runConformance({ target, ...credentials });
    expect(results.filter((result) => result.outcome !== 'passed')).toEqual([]);
    expect(new Set(results.map((result) => result.operationId)).size).toBeGreaterThan(20);
    expect(results.map((result) => result.operationId)).not.toContain('acknowledgeLatestMessages');
    expect(await unreadMessages()).toBe(unread);

    const table = formatTable(results);
    expect(table.split('\n')[0]).toMatch(/^operation\s+call\s+status\s+result\s+violation$/);
    expect(table).toMatch(/^listCoachAssessments\s+GET \/api\/v2\/coaches\/\S+\/tokensX\s+200\s+passed$/m);
    expect(table).toMatch(new RegExp(`operations, ${results.length} calls: ${results.length} passed, 0 failed, 0 skipped$`));
  }, 60_000);

  it('runs the calls that change data only with write', async () => {
    const results = await runConformance({ target, ...credentials, write: true });
    expect(outcomes(results)).toEqual(new Set(['passed']));
    expect(results.map((result) => result.operationId)).toEqual(
      expect.arrayContaining(['acknowledgeLatestMessages', 'recordAssessmentLinkCopy', 'leaveMessage']),
    );
    expect(await unreadMessages()).toBe(0);
  }, 60_000);

  it('reports an answer that breaks the contract with its violation, and checks the rest', async () => {
    faults.forbidden = ['getSelfPayInit'];
    try {
      const results = await runConformance({ target, ...credentials });
      const failed = results.filter((result) => result.outcome === 'failed');
      expect(failed).toEqual([
        expect.objectContaining({ operationId: 'getSelfPayInit', status: 403, detail: expect.stringMatching(/contract violations/) }),
      ]);
      expect(results.filter((result) => result.outcome === 'passed').length).toBeGreaterThan(20);
      expect(formatTable(results)).toMatch(/1 failed, 0 skipped$/);
    } finally {
      Object.assign(faults, emptySwitches());
    }
  }, 60_000);

  it('says so when the sign-in is refused', async () => {
    const results = await runConformance({ target, email: credentials.email, password: 'wrong-password' });
    expect(results.at(-1)).toMatchObject({ operationId: 'login', outcome: 'failed', detail: expect.stringMatching(/CONFORMANCE_EMAIL/) });
  }, 60_000);
});
