import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../files/read-back.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import type { CoupleRecord } from '../state/model.ts';
import { balanceOf } from '../state/views.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('pairs (spec assessments-and-clients §3.10, §4.10, §5 "Pairs", §7)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    injectLegacy(sandbox.app, { method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const couples = () => [...sandbox.store.couples.values()].filter((couple) => couple.coachUuid === demo);
  const supplied = (): CoupleRecord => {
    const found = couples().find((couple) => couple.reportSuppliedAt !== null);
    if (!found) throw new Error('no supplied pair');
    return found;
  };
  const twoClients = () => {
    const own = [...sandbox.store.assessments.values()].filter((a) => a.coachUUID === demo && a.guestCompletedAt !== null);
    const first = own[0];
    const second = own.find((a) => a.clientUUID !== first?.clientUUID);
    return [first?.uuid, second?.uuid];
  };

  it('lists the pairs with the report state', async () => {
    const list = (await call('GET', `/api/v2/coaches/${demo}/couples`)).json();
    expect(list).toHaveLength(couples().length);
    expect(list.map((pair: { reportSuppliedAt: string }) => pair.reportSuppliedAt === '-')).toContain(true);
    expect(list[0].info).toContain(' & ');
  });

  it('adds a pair only with a due date at least 2 weekdays ahead, and charges 2 credits', async () => {
    const uuids = twoClients();
    // TEST_NOW is Thursday 2025-11-20: two weekdays ahead is Monday 2025-11-24.
    const early = await call('POST', `/api/v2/couples/${demo}/newCouple`, {
      uuids,
      coupleType: 'Romance',
      tokenType: 'paid',
      reportDueDate: '2025-11-21',
      reportCost: 2,
    });
    expect(early.json().error.info).toBe('The due date must be at least 2 weekdays from today (2025-11-24 or later).');
    const before = balanceOf(sandbox.store, demo);
    const created = await call('POST', `/api/v2/couples/${demo}/newCouple`, {
      uuids,
      coupleType: 'Workplace',
      tokenType: 'paid',
      reportDueDate: '2025-11-24',
      reportCost: 2,
    });
    const uuid = created.json().uuid;
    expect(sandbox.store.couples.get(uuid)).toMatchObject({ coupleType: 'Workplace', reportSuppliedAt: null });
    expect(balanceOf(sandbox.store, demo)).toBe(before - 2);
    expect(sandbox.store.balance.at(-1)?.description).toMatch(/^Colleagues pair report for /);
  });

  it('refuses a pair of one client', async () => {
    const own = [...sandbox.store.assessments.values()].filter((a) => a.coachUUID === demo);
    const client = own.find((a) => own.some((b) => b !== a && b.clientUUID === a.clientUUID));
    const sibling = own.find((b) => b !== client && b.clientUUID === client?.clientUUID);
    const response = await call('POST', `/api/v2/couples/${demo}/newCouple`, {
      uuids: [client?.uuid, sibling?.uuid],
      coupleType: 'Romance',
      tokenType: 'paid',
      reportDueDate: '2025-12-01',
      reportCost: 2,
    });
    expect(response.json().error.info).toBe('A pair needs two different clients.');
  });

  it('sends a supplied pair report, previews without recording, and refuses a pair without its report', async () => {
    const pair = supplied();
    pair.reportSentAt = null;
    const preview = await call('POST', `/api/v2/couples/${pair.uuid}/sendReport?forPreview=true&serverSend=true`);
    expect(preview.json()).toMatchObject({ sent: false });
    expect(preview.json().body).toContain(`/publish/reports/pair/${pair.uuid}`);
    expect(pair.reportSentAt).toBeNull();
    const sent = await call('POST', `/api/v2/couples/${pair.uuid}/sendReport?serverSend=true`, { destinationEmailAddress: null });
    expect(sent.json()).toMatchObject({ sent: true });
    expect(pair.reportSentAt).not.toBeNull();
    const pending = couples().find((couple) => couple.reportSuppliedAt === null);
    const refused = await call('POST', `/api/v2/couples/${pending?.uuid}/sendReport?serverSend=true`);
    expect(refused.json().error.info).toBe(
      'Some selected reports have not yet been provided. Please deselect them before proceeding. You can only send reports that are available.',
    );
  });

  it('publishes the supplied report as HTML and as a PDF', async () => {
    const pair = supplied();
    const html = await injectLegacy(sandbox.app, { method: 'GET', url: `/publish/reports/pair/${pair.uuid}` });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('Pair Report');
    const pdf = await injectLegacy(sandbox.app, { method: 'GET', url: `/publish/reports/pair/${pair.uuid}?pdf=1` });
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=".*Pair Report - .*\.pdf"/);
    expect(pdfTextLines(pdf.rawPayload).join('\n')).toContain('Where the styles meet');
  });

  it('deletes a pair whose report is pending (credited back), but not one with a supplied report', async () => {
    const refused = await call('DELETE', '/api/v2/couples', { uuids: [supplied().uuid] });
    expect(refused.json()).toEqual({ error: { info: 'The report for this pair has already been generated - cannot delete.' } });
    const pending = couples().find((couple) => couple.reportSuppliedAt === null && couple.tokenType === 'paid');
    const before = balanceOf(sandbox.store, demo);
    expect((await call('DELETE', '/api/v2/couples', { uuids: [pending?.uuid] })).json()).toEqual({ success: true });
    expect(sandbox.store.couples.has(pending?.uuid ?? '')).toBe(false);
    expect(balanceOf(sandbox.store, demo)).toBe(before + 2);
  });
});
