// The pairs operations against the stateful sandbox legacy API: the demo coach's seeded pairs (two with their
// report, one without), the table, Add Pairs with its due date and 2 credits, Delete (refused for a pair whose
// report was supplied), the report e-mail and its preview, and the report as HTML and PDF. Every answer is
// checked against the contract.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PAIR_REPORT_SUPPLIED } from '../../../sandbox/handlers/couples.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import type { CoupleRecord } from '../../../sandbox/state/model.ts';
import { balanceOf } from '../../../sandbox/state/views.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { earliestPairDueDate, PAIR_MESSAGES } from './pairs-service.ts';

const DEMO = SEED_COACHES.demo.uuid;

let bff: SandboxBff;
let session: string;

beforeEach(async () => {
  await bff?.close();
  ({ bff, session } = await startSignedInSandboxBff());
});
afterAll(async () => {
  await bff?.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object, cookie = session) =>
  injectChecked(bff.server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie }, ...(payload && { payload }) });

const demoPairs = (): CoupleRecord[] => [...bff.store.couples.values()].filter((couple) => couple.coachUuid === DEMO);
const supplied = () => demoPairs().filter((couple) => couple.reportSuppliedAt !== null);
const notSupplied = () => demoPairs().filter((couple) => couple.reportSuppliedAt === null);
/** Two completed demo assessments of different clients in no pair yet. */
function freeAssessments(): [string, string] {
  const paired = new Set(demoPairs().flatMap((couple) => couple.assessmentUuids));
  const seenClients = new Set<string>();
  const free: string[] = [];
  for (const a of bff.store.assessments.values()) {
    if (a.coachUUID !== DEMO || paired.has(a.uuid) || a.guestCompletedAt === null || seenClients.has(a.clientUUID)) continue;
    seenClients.add(a.clientUUID);
    free.push(a.uuid);
  }
  return [free[0] as string, free[1] as string];
}

/** An administrator acting for the demo coach, through the admin tool's impersonation. */
const impersonate = () => bff.impersonate();

describe('GET /api/pairs (listPairs)', () => {
  it("lists the coach's pairs newest first, with the report state, the members' results and the totals", async () => {
    const response = await call('GET', '/api/pairs');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 3, filteredTotal: 3, page: 1, pageSize: 50 });
    const byId = new Map(page.items.map((item: { id: string }) => [item.id, item]));
    for (const couple of demoPairs()) {
      const row = byId.get(couple.uuid) as Record<string, unknown>;
      expect(row.reportAvailable).toBe(couple.reportSuppliedAt !== null);
      expect(row.reportSent).toBe(couple.reportSentAt !== null);
      expect('reportSuppliedAt' in row).toBe(couple.reportSuppliedAt !== null);
      expect((row.members as { assessmentId: string }[]).map((member) => member.assessmentId)).toEqual(couple.assessmentUuids);
      const client = bff.store.clients.get(bff.store.assessments.get(couple.assessmentUuids[0])?.clientUUID ?? '');
      expect(row.info).toContain(`${client?.name} ${client?.surname}`);
    }
    const times = page.items.map((item: { updatedAt: string }) => item.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('searches by a member name, sorts by a column and pages', async () => {
    const [couple] = notSupplied();
    const client = bff.store.clients.get(bff.store.assessments.get(couple?.assessmentUuids[1] ?? '')?.clientUUID ?? '');
    const found = (await call('GET', `/api/pairs?q=${encodeURIComponent(client?.email.toUpperCase() ?? '')}`)).json();
    expect(found.filteredTotal).toBe(1);
    expect(found.items[0].id).toBe(couple?.uuid);
    const sorted = (await call('GET', '/api/pairs?sort=reportAvailable&order=asc')).json();
    expect(sorted.items.map((item: { reportAvailable: boolean }) => item.reportAvailable)).toEqual([false, true, true]);
    const paged = (await call('GET', '/api/pairs?pageSize=10&page=2')).json();
    expect(paged).toMatchObject({ items: [], total: 3, filteredTotal: 3, page: 2 });
  });

  it('is refused to an assistant (role_refused)', async () => {
    const assistant = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/session',
      headers: CSRF,
      payload: { email: SEED_ASSISTANT.email, password: DEMO_PASSWORD },
    });
    const cookie = assistant.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const response = await call('GET', '/api/pairs', undefined, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_refused');
  });
});

describe('POST /api/pairs (createPair)', () => {
  it('requests a pair report for two assessments: 2 credits, listed without its report', async () => {
    const before = balanceOf(bff.store, DEMO);
    const ids = freeAssessments();
    const dueDate = earliestPairDueDate(Date.now());
    const response = await call('POST', '/api/pairs', { assessmentIds: ids, coupleType: 'Workplace', dueDate });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ coupleType: 'Workplace', reportDueDate: dueDate, reportCost: 2 });
    expect(balanceOf(bff.store, DEMO)).toBe(before - 2);
    const created = demoPairs().find((couple) => couple.assessmentUuids.join() === ids.join());
    expect(created).toMatchObject({ coupleType: 'Workplace', reportDueDate: dueDate, tokenType: 'paid' });
    const list = (await call('GET', '/api/pairs')).json();
    expect(list.total).toBe(4);
    expect(list.items.find((item: { id: string }) => item.id === created?.uuid)).toMatchObject({
      reportAvailable: false,
      reportSent: false,
    });
  });

  it("answers the spec's toasts for a missing due date, one too soon and a selection that is not two assessments", async () => {
    const ids = freeAssessments();
    const missing = await call('POST', '/api/pairs', { assessmentIds: ids, coupleType: 'Romance' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'due_date_required', detail: PAIR_MESSAGES.dueDateRequired });
    const empty = await call('POST', '/api/pairs', { assessmentIds: ids, coupleType: 'Romance', dueDate: '' });
    expect(empty.json()).toMatchObject({ code: 'due_date_required' });
    const soon = await call('POST', '/api/pairs', {
      assessmentIds: ids,
      coupleType: 'Romance',
      dueDate: new Date().toISOString().slice(0, 10),
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toMatchObject({ code: 'due_date_too_soon', detail: PAIR_MESSAGES.dueDateTooSoon });
    const dueDate = earliestPairDueDate(Date.now());
    const one = await call('POST', '/api/pairs', { assessmentIds: [ids[0]], coupleType: 'Romance', dueDate });
    expect(one.json()).toMatchObject({ code: 'two_assessments_required', detail: PAIR_MESSAGES.twoAssessmentsRequired });
    const same = await call('POST', '/api/pairs', { assessmentIds: [ids[0], ids[0]], coupleType: 'Romance', dueDate });
    expect(same.json()).toMatchObject({ code: 'two_assessments_required' });
    expect(demoPairs()).toHaveLength(3);
  });

  it('passes a legacy refusal on as pair_failed (two assessments of one client)', async () => {
    const byClient = new Map<string, string[]>();
    for (const a of bff.store.assessments.values()) {
      if (a.coachUUID === DEMO) byClient.set(a.clientUUID, [...(byClient.get(a.clientUUID) ?? []), a.uuid]);
    }
    const ids = [...byClient.values()].find((uuids) => uuids.length >= 2)?.slice(0, 2);
    expect(ids).toHaveLength(2);
    const response = await call('POST', '/api/pairs', {
      assessmentIds: ids,
      coupleType: 'Romance',
      dueDate: earliestPairDueDate(Date.now()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'pair_failed', detail: 'A pair needs two different clients.' });
  });

  it("takes a token type only in an impersonator's session (a marketing pair is not billed)", async () => {
    const body = {
      assessmentIds: freeAssessments(),
      coupleType: 'Romance',
      dueDate: earliestPairDueDate(Date.now()),
      tokenType: 'marketing',
    };
    const refused = await call('POST', '/api/pairs', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('impersonator_only');
    const before = balanceOf(bff.store, DEMO);
    const done = await call('POST', '/api/pairs', body, await impersonate());
    expect(done.statusCode).toBe(201);
    expect(balanceOf(bff.store, DEMO)).toBe(before);
    expect(demoPairs().some((couple) => couple.tokenType === 'marketing')).toBe(true);
  });
});

describe('POST /api/pairs/deletions (deletePairs)', () => {
  it('deletes a pair without a report and refuses, by its Info, one whose report was supplied', async () => {
    const [open] = notSupplied();
    const [done] = supplied();
    const info = (await call('GET', '/api/pairs')).json().items.find((item: { id: string }) => item.id === done?.uuid).info;
    const response = await call('POST', '/api/pairs/deletions', { ids: [open?.uuid, done?.uuid] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 2,
      succeeded: 1,
      notAttempted: 0,
      failed: [{ id: done?.uuid, name: info, code: 'delete_failed', message: PAIR_REPORT_SUPPLIED }],
    });
    expect(bff.store.couples.has(open?.uuid ?? '')).toBe(false);
    expect(bff.store.couples.has(done?.uuid ?? '')).toBe(true);
  });
});

describe('report e-mails (previewPairReportEmail, sendPairReports)', () => {
  it('sends the report of every selected pair and marks them sent', async () => {
    const ids = supplied().map((couple) => couple.uuid);
    const response = await call('POST', '/api/pairs/report-emails', { ids, serverSend: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 2, succeeded: 2, failed: [], notAttempted: 0, drafts: [] });
    expect(supplied().every((couple) => couple.reportSentAt !== null)).toBe(true);
  });

  it("prepares drafts for the coach's own e-mail client", async () => {
    const [couple] = supplied();
    const response = await call('POST', '/api/pairs/report-emails', { ids: [couple?.uuid], serverSend: false });
    const { drafts } = response.json();
    expect(drafts).toHaveLength(1);
    expect(drafts[0].body).toContain(`/publish/reports/pair/${couple?.uuid}`);
  });

  // spec §2.1 "Pair reports open at {host}/publish/reports/pair/{uuid} as HTML or PDF": the e-mail's two links are that
  // address on the legacy host, and each opens the report there (§7 `GET {reportUrl}?pdf=1` the PDF).
  it('links the pair report as {host}/publish/reports/pair/{uuid}, HTML and PDF, both of which open', async () => {
    const [couple] = supplied();
    const { drafts } = (await call('POST', '/api/pairs/report-emails', { ids: [couple?.uuid], serverSend: false })).json();
    const links = [...String(drafts[0].body).matchAll(/https?:\/\/[^\s"'<>]+/g)].map(([url]) => new URL(url.replaceAll('&amp;', '&')));
    const pairLinks = links.filter((url) => url.pathname.startsWith('/publish/reports/pair/'));
    expect(pairLinks.map((url) => `${url.pathname}${url.search}`)).toEqual([
      `/publish/reports/pair/${couple?.uuid}`,
      `/publish/reports/pair/${couple?.uuid}?pdf=1`,
    ]);
    const host = pairLinks[0]?.origin;
    expect(pairLinks.every((url) => url.origin === host)).toBe(true);
    for (const url of pairLinks) {
      const answer = await bff.sandbox.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(url.search ? /^application\/pdf/ : /^text\/html/);
    }
  });

  it('refuses a selection with a pair whose report is not supplied, before sending anything', async () => {
    const ids = [...supplied(), ...notSupplied()].map((couple) => couple.uuid);
    const sentBefore = supplied().map((couple) => couple.reportSentAt);
    for (const url of ['/api/pairs/report-emails', '/api/pairs/report-email-previews']) {
      const response = await call('POST', url, { ids, serverSend: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'reports_not_supplied', detail: PAIR_MESSAGES.reportsNotSupplied });
    }
    expect(supplied().map((couple) => couple.reportSentAt)).toEqual(sentBefore);
  });

  it('previews the first pair e-mail without sending it', async () => {
    const [couple] = supplied();
    const sentBefore = couple?.reportSentAt;
    const response = await call('POST', '/api/pairs/report-email-previews', { ids: [couple?.uuid], serverSend: true });
    expect(response.statusCode).toBe(200);
    const { preview, failed } = response.json();
    expect(failed).toEqual([]);
    expect(preview.body).toContain(`/publish/reports/pair/${couple?.uuid}`);
    expect(couple?.reportSentAt).toBe(sentBefore);
  });

  it("in an impersonator's session the coach address is required and receives the e-mail", async () => {
    const admin = await impersonate();
    const ids = [supplied()[0]?.uuid];
    const missing = await call('POST', '/api/pairs/report-emails', { ids, serverSend: true }, admin);
    expect(missing.json()).toMatchObject({ code: 'coach_email_required', detail: 'Please enter email address' });
    const preview = await call(
      'POST',
      '/api/pairs/report-email-previews',
      { ids, serverSend: true, coachEmailAddress: 'coach@example.test' },
      admin,
    );
    expect(preview.json().preview.emailAddress).toBe('coach@example.test');
    const sent = await call('POST', '/api/pairs/report-emails', { ids, serverSend: true, coachEmailAddress: 'coach@example.test' }, admin);
    expect(sent.json()).toMatchObject({ total: 1, succeeded: 1 });
    const own = await call('POST', '/api/pairs/report-emails', { ids, serverSend: true, coachEmailAddress: 'coach@example.test' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('impersonator_only');
  });
});

describe('GET /api/pairs/{pairId}/report (downloadPairReport)', () => {
  it('streams a supplied report as HTML (inline) and as PDF (the legacy file name)', async () => {
    const [couple] = supplied();
    const html = await call('GET', `/api/pairs/${couple?.uuid}/report`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-disposition']).toMatch(/^inline/);
    const pdf = await call('GET', `/api/pairs/${couple?.uuid}/report?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.pdf"/);
    expect(pdf.headers['content-disposition']).not.toContain('report.pdf"');
  });

  it("answers 404 report_not_available before the report is supplied, and 404 for another coach's pair", async () => {
    const [open] = notSupplied();
    const response = await call('GET', `/api/pairs/${open?.uuid}/report?format=pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'report_not_available', detail: 'Not available yet' });
    const unknown = await call('GET', '/api/pairs/c0091e00-0000-4000-8000-00000000ffff/report');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
  });
});
