// getDashboardPipeline on the seeded sandbox (a year and more of dated assessments): every number of the panel is
// the filteredTotal of the assessments table's list (and of its select-all ids) with the same pipeline filter, for
// each period, a project, a company and the coach's own thresholds; the roles; the refusals of bad input. The added
// count is also checked against the legacy list read directly. Every answer is checked against the contract.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { daysBefore } from '../../domain/pipeline-slices.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Row = Legacy['schemas']['Assessment'];

let bff: SandboxBff;
let server: FastifyInstance;
let session: string;

const get = (url: string, as = session) => injectChecked(server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: as } });
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();

beforeAll(async () => {
  bff = await startSandboxBff({ assessments: 400 });
  server = bff.server;
  session = await bff.signIn();
});
afterAll(() => bff?.close());

/** The panel's numbers, each with the list query its link opens. */
async function panelNumbers(params: {
  days: number;
  project?: string;
  company?: string;
  invitedDays?: number;
  startedDays?: number;
  completedDays?: number;
}) {
  const response = await get(`/api/dashboard/pipeline?${query(params)}`);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const scope = { days: params.days, project: params.project, company: params.company };
  return {
    body,
    numbers: [
      ...body.funnel.map((step: { stage: string; count: number }) => ({ count: step.count, list: { ...scope, stage: step.stage } })),
      ...body.nudges.map((nudge: { stage: string; count: number; olderThan: number }) => ({
        count: nudge.count,
        list: { ...scope, stage: nudge.stage, olderThan: nudge.olderThan },
      })),
    ] as { count: number; list: Record<string, string | number | undefined> }[],
  };
}

async function expectListsAgree(numbers: { count: number; list: Record<string, string | number | undefined> }[]) {
  for (const { count, list } of numbers) {
    const page = await get(`/api/assessments?${query({ ...list, pageSize: 10 })}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().filteredTotal, JSON.stringify(list)).toBe(count);
    const ids = await get(`/api/assessments/ids?${query(list)}`);
    expect(ids.json().filteredTotal, JSON.stringify(list)).toBe(count);
  }
}

describe('GET /api/dashboard/pipeline (getDashboardPipeline)', () => {
  it('answers for each period numbers that equal the filtered assessments table, a year of history in every step', async () => {
    for (const days of [30, 90, 365]) {
      const { body, numbers } = await panelNumbers({ days });
      expect(body.days).toBe(days);
      await expectListsAgree(numbers);
    }
    const { body } = await panelNumbers({ days: 365 });
    for (const step of body.funnel) expect(step.count, step.stage).toBeGreaterThan(0);
    for (const nudge of body.nudges) expect(nudge.count, nudge.stage).toBeGreaterThan(0);
    const counts = body.funnel.map((step: { count: number }) => step.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.funnel[2].medianDays).toBeGreaterThan(0);
  });

  it("counts as added the coach's own assessments of the legacy list added in the period", async () => {
    const rows = (
      await bff.sandbox.inject({ url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/tokensX`, headers: { cookie: bff.legacyCookie } })
    ).json() as Row[];
    const { body } = await panelNumbers({ days: 90 });
    const from = daysBefore(body.today, 89);
    expect(body.funnel[0].count).toBe(rows.filter((row) => row.fromAnotherCoach !== 1 && row.tokenCreatedAt.slice(0, 10) >= from).length);
  });

  it("agrees with the table for one project, one company and the coach's own thresholds", async () => {
    const { body } = await panelNumbers({ days: 365 });
    const [project] = body.projects;
    const [company] = body.companies;
    expect(project).toBeDefined();
    expect(company).toBeDefined();
    const byProject = await panelNumbers({ days: 365, project, invitedDays: 30, startedDays: 60, completedDays: 1 });
    expect(byProject.body.project).toBe(project);
    expect(byProject.body.funnel[0].count).toBeLessThan(body.funnel[0].count);
    expect(byProject.body.nudges.map((nudge: { olderThan: number }) => nudge.olderThan)).toEqual([30, 60, 1]);
    await expectListsAgree(byProject.numbers);
    await expectListsAgree((await panelNumbers({ days: 365, company })).numbers);
  });

  it('makes no legacy read of its own once the copy is held', async () => {
    await get('/api/dashboard/pipeline?days=90');
    const loads = server.snapshots.loads;
    expect((await get('/api/dashboard/pipeline?days=30&invitedDays=3')).statusCode).toBe(200);
    expect((await get('/api/assessments?stage=nudgeInvited&days=30&olderThan=3')).statusCode).toBe(200);
    expect(server.snapshots.loads).toBe(loads);
  });

  it('refuses thresholds and periods out of bounds with a sentence naming them, and a project with a company', async () => {
    for (const url of ['?invitedDays=0', '?startedDays=366', '?completedDays=2.5', '?days=45']) {
      const response = await get(`/api/dashboard/pipeline${url}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const both = await get('/api/dashboard/pipeline?project=A&company=B');
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'one_scope', detail: 'Please choose a project or a company, not both.' });
    const list = await get('/api/assessments?stage=added&project=A&company=B');
    expect(list.json().code).toBe('one_scope');
  });

  // An assistant's dashboard shows no assessments (spec coach-shell §2.1, §6).
  it('refuses an assistant', async () => {
    const assistant = await get('/api/dashboard/pipeline?days=365', await bff.signIn(SEED_ASSISTANT.email));
    expect(assistant.statusCode).toBe(403);
    expect(assistant.json().code).toBe('role_refused');
  });

  it('gives a coach limited to minis the pipeline of their mini-assessments: started → completed, and the nudge', async () => {
    const mini = await bff.signIn(SEED_COACHES.miniOnly.email);
    const today = new Date().toISOString().slice(0, 10);
    const theirs = [...bff.store.miniAssessments.values()].filter((record) => record.coachUuid === SEED_COACHES.miniOnly.uuid);
    for (const [days, startedDays] of [
      [90, 14],
      [365, 35],
      [30, 14],
    ] as const) {
      const response = await get(`/api/dashboard/pipeline?days=${days}&startedDays=${startedDays}&invitedDays=2`, mini);
      expect(response.statusCode).toBe(200);
      const started = theirs.filter((record) => record.createdAt.slice(0, 10) >= daysBefore(today, days - 1));
      const completed = started.filter((record) => record.section2CompletedAt !== null);
      const waiting = started.filter(
        (record) => record.section2CompletedAt === null && record.createdAt.slice(0, 10) <= daysBefore(today, startedDays),
      );
      const { offering, funnel, nudges, projects, companies } = response.json();
      expect({ offering, projects, companies }).toEqual({ offering: 'mini', projects: [], companies: [] });
      expect(funnel.map((step: { stage: string; count: number }) => [step.stage, step.count])).toEqual([
        ['started', started.length],
        ['completed', completed.length],
      ]);
      expect(nudges).toEqual([{ stage: 'nudgeStarted', count: waiting.length, olderThan: startedDays }]);
    }
    // The seed's minis: eight started 33 to 40 days ago, two of them not completed.
    const year = (await get('/api/dashboard/pipeline?days=365', mini)).json();
    expect(year.funnel[0].count).toBe(8);
    expect(year.funnel[1]).toMatchObject({ count: 6, conversion: 0.75, medianFrom: 'started' });
    expect(year.nudges[0].count).toBe(2);
    // A mini-assessment has no project or company: a scope holds none.
    const scoped = (await get('/api/dashboard/pipeline?days=365&project=Sales', mini)).json();
    expect(scoped.funnel.map((step: { count: number }) => step.count)).toEqual([0, 0]);
  });
});
