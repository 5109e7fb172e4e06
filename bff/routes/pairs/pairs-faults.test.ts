// The pairs operations against a legacy API that misbehaves: the exact legacy calls, 403 (the session ends),
// 5xx, timeouts, refusals per item, a 403 in the middle of a batch (the rest is not attempted, a repeat with the
// same Idempotency-Key does only the rest) and answers the contract cannot carry.
import { afterEach, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { OUTCOME_UNKNOWN, outcomeUnknownAfterNoAnswer } from '../../batch/batch-ledger.ts';
import { UNEXPECTED_MESSAGE } from '../../problem.ts';
import { type FaultBff, forbidden, legacyError, signInBff, slow, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { earliestPairDueDate, PAIR_MESSAGES } from './pairs-service.ts';

type Couple = Legacy['schemas']['Couple'];

const COUPLES = `GET /api/v2/coaches/${LEGACY_COACH_ID}/couples`;
const NEW_COUPLE = `POST /api/v2/couples/${LEGACY_COACH_ID}/newCouple`;
const DELETE_COUPLES = 'DELETE /api/v2/couples';
const pairId = (n: number) => `c0091e00-0000-4000-8000-${String(n).padStart(12, '0')}`;
const assessmentId = (n: number) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sendPath = (n: number) => `POST /api/v2/couples/${pairId(n)}/sendReport`;
const reportPath = (n: number) => `GET /publish/reports/pair/${pairId(n)}`;
const info = (n: number) => `Client${n}a Person & Client${n}b Person`;

const couple = (n: number, fields: Partial<Couple> = {}): Couple => ({
  uuid: pairId(n),
  info: info(n),
  coupleType: 'Romance',
  assessments: [
    {
      uuid: assessmentId(2 * n),
      clientName: `Client${n}a`,
      clientSurname: 'Person',
      clientEmail: `client${n}a@example.test`,
      scoreIMF: 'Performing (PE)',
      userEnnea: 3,
      userTriType: '369',
      userInstinct: 'SO',
    },
    {
      uuid: assessmentId(2 * n + 1),
      clientName: `Client${n}b`,
      clientSurname: 'Person',
      clientEmail: `client${n}b@example.test`,
      scoreIMF: null,
      userEnnea: null,
      userTriType: null,
      userInstinct: null,
    },
  ],
  reportSuppliedAt: '2025-10-08 14:00:00',
  reportSent: '-',
  company: 'Harbour Finance Ltd',
  project: null,
  updatedAt: '2025-10-09 08:15:22',
  ...fields,
});
const sent = (n: number, fields: object = {}): CannedAnswer => ({
  status: 200,
  json: {
    sent: true,
    error: null,
    emailAddress: `client${n}a@example.test, client${n}b@example.test`,
    subject: `Pair ${n}`,
    body: `<p>Pair ${n}</p>`,
    ...fields,
  },
});

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

async function start(env: Record<string, string> = {}) {
  bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '1', BATCH_ITEM_TIMEOUT_MS: '300', ...env } });
}
const call: FaultBff['call'] = (...args) => bff.call(...args);
const bodyOf = (route: string, index = 0) => JSON.parse(bff.calls(route)[index]?.body ?? 'null');
const queryOf = (route: string, index = 0) => new URL(bff.calls(route)[index]?.url ?? '', bff.upstream.url).searchParams;

describe('listPairs against a faulty legacy API', () => {
  it('maps the legacy pair: members with their results, the report state, an absent company or project as empty', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [couple(1), couple(2, { reportSuppliedAt: '-', reportSent: '-' })] });
    const response = await call('GET', '/api/pairs');
    expect(response.statusCode).toBe(200);
    const [first, second] = response.json().items;
    expect(first).toEqual({
      id: pairId(1),
      info: info(1),
      coupleType: 'Romance',
      members: [
        {
          assessmentId: assessmentId(2),
          clientName: 'Client1a',
          clientSurname: 'Person',
          clientEmail: 'client1a@example.test',
          ennea: { type: 3, trifix: '369', instinct: 'SO' },
          maturity: { stage: 4, code: 'PE', name: 'Performing' },
        },
        { assessmentId: assessmentId(3), clientName: 'Client1b', clientSurname: 'Person', clientEmail: 'client1b@example.test' },
      ],
      reportAvailable: true,
      reportSuppliedAt: '2025-10-08T14:00:00Z',
      reportSent: false,
      company: 'Harbour Finance Ltd',
      project: '',
      updatedAt: '2025-10-09T08:15:22Z',
    });
    expect(second).toMatchObject({ reportAvailable: false });
    expect(second).not.toHaveProperty('reportSuppliedAt');
  });

  it('answers 502 for a 5xx or a time that is not a legacy time, 504 for a timeout, 401 session_ended for a 403', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 500, text: 'boom' });
    expect((await call('GET', '/api/pairs')).json().code).toBe('upstream_error');
    bff.upstream.answer(COUPLES, { status: 200, json: [couple(1, { updatedAt: 'yesterday' })] });
    expect((await call('GET', '/api/pairs')).statusCode).toBe(502);
    bff.upstream.answer(COUPLES, slow);
    const timeout = await call('GET', '/api/pairs');
    expect(timeout.statusCode).toBe(504);
    expect(timeout.json().code).toBe('upstream_timeout');
    bff.upstream.answer(COUPLES, forbidden);
    const ended = await call('GET', '/api/pairs');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_ended');
    expect((await call('GET', '/api/session')).statusCode).toBe(401);
  });
});

describe('createPair against a faulty legacy API', () => {
  const body = () => ({
    assessmentIds: [assessmentId(1), assessmentId(2)],
    coupleType: 'Workplace',
    dueDate: earliestPairDueDate(Date.now()),
  });

  it('sends uuids, type, token type paid, due date and cost 2; a legacy 400 is pair_failed with its error.info', async () => {
    await start();
    bff.upstream.answer(NEW_COUPLE, { status: 200, json: { uuid: pairId(9) } });
    const done = await call('POST', '/api/pairs', body());
    expect(done.statusCode).toBe(201);
    expect(bodyOf(NEW_COUPLE)).toEqual({
      uuids: [assessmentId(1), assessmentId(2)],
      coupleType: 'Workplace',
      tokenType: 'paid',
      reportDueDate: body().dueDate,
      reportCost: 2,
    });
    bff.upstream.answer(NEW_COUPLE, legacyError('Not enough credits.'));
    const refused = await call('POST', '/api/pairs', body());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'pair_failed', detail: 'Not enough credits.' });
  });

  it('never calls the legacy API for a refused form; 5xx is 502, a 403 ends the session', async () => {
    await start();
    const early = await call('POST', '/api/pairs', { ...body(), dueDate: '2020-01-01' });
    expect(early.json()).toMatchObject({ code: 'due_date_too_soon', detail: PAIR_MESSAGES.dueDateTooSoon });
    expect(bff.calls(NEW_COUPLE)).toHaveLength(0);
    bff.upstream.answer(NEW_COUPLE, { status: 503, text: 'down' });
    expect((await call('POST', '/api/pairs', body())).statusCode).toBe(502);
    // Never retried: the pair costs credits.
    expect(bff.calls(NEW_COUPLE)).toHaveLength(1);
    bff.upstream.answer(NEW_COUPLE, forbidden);
    expect((await call('POST', '/api/pairs', body())).json().code).toBe('session_ended');
  });
});

describe('deletePairs against a faulty legacy API', () => {
  it('deletes one pair per call and reports refusals, 5xx and resets by Info, in order', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [1, 2, 3, 4].map((n) => couple(n)) });
    bff.upstream.answer(
      DELETE_COUPLES,
      { status: 200, json: { success: true } },
      legacyError('The report for this pair has already been generated - cannot delete.'),
      { status: 500, text: 'boom' },
      { fault: 'reset' },
    );
    const response = await call('POST', '/api/pairs/deletions', { ids: [1, 2, 3, 4].map(pairId) });
    expect(response.json()).toEqual({
      total: 4,
      succeeded: 1,
      notAttempted: 0,
      failed: [
        {
          id: pairId(2),
          name: info(2),
          code: 'delete_failed',
          message: 'The report for this pair has already been generated - cannot delete.',
        },
        { id: pairId(3), name: info(3), code: 'upstream_error', message: UNEXPECTED_MESSAGE },
        // Cut off once sent: the legacy API may have deleted it.
        { id: pairId(4), name: info(4), code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer(info(4)) },
      ],
    });
    expect(bff.calls(DELETE_COUPLES).map((request) => JSON.parse(request.body))).toEqual([1, 2, 3, 4].map((n) => ({ uuids: [pairId(n)] })));
  });

  it('stops at a 403 mid-batch; the repeat with the same Idempotency-Key deletes only the pairs not attempted', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [1, 2, 3].map((n) => couple(n)) });
    bff.upstream.answer(DELETE_COUPLES, { status: 200, json: { success: true } }, forbidden, { status: 200, json: { success: true } });
    const key = 'pairs-delete-0001';
    const body = { ids: [1, 2, 3].map(pairId) };
    const cut = await call('POST', '/api/pairs/deletions', body, { 'idempotency-key': key });
    expect(cut.statusCode).toBe(401);
    expect(cut.json()).toMatchObject({
      code: 'session_ended',
      batch: { total: 3, succeeded: 1, failed: [], notAttempted: 2, notAttemptedIds: [pairId(2), pairId(3)] },
    });
    bff.session = await signInBff(bff.server, bff.upstream, LEGACY_COACH);
    const resumed = await call('POST', '/api/pairs/deletions', body, { 'idempotency-key': key });
    expect(resumed.json()).toEqual({ total: 3, succeeded: 3, failed: [], notAttempted: 0 });
    expect(bff.calls(DELETE_COUPLES).map((request) => JSON.parse(request.body).uuids[0])).toEqual([
      pairId(1),
      pairId(2),
      pairId(2),
      pairId(3),
    ]);
  });

  it('names a pair that is not among the coach pairs, without a legacy call for it', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [couple(1)] });
    bff.upstream.answer(DELETE_COUPLES, { status: 200, json: { success: true } });
    const response = await call('POST', '/api/pairs/deletions', { ids: [pairId(1), pairId(7)] });
    expect(response.json()).toMatchObject({ total: 2, succeeded: 1, failed: [{ id: pairId(7), name: 'Unknown pair', code: 'not_found' }] });
    expect(bff.calls(DELETE_COUPLES)).toHaveLength(1);
  });
});

describe('pair report e-mails against a faulty legacy API', () => {
  it('sends per pair with destinationEmailAddress null; failures by Info with the legacy answer, never retried', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [1, 2, 3, 4, 5].map((n) => couple(n)) });
    bff.upstream.answer(sendPath(1), sent(1));
    bff.upstream.answer(sendPath(2), legacyError('Mailbox unavailable'));
    bff.upstream.answer(sendPath(3), sent(3, { sent: false, error: 'Quota exceeded' }));
    bff.upstream.answer(sendPath(4), { fault: 'reset' });
    bff.upstream.answer(sendPath(5), slow);
    const response = await call('POST', '/api/pairs/report-emails', { ids: [1, 2, 3, 4, 5].map(pairId), serverSend: true });
    expect(response.statusCode).toBe(200);
    const failure = (n: number, code: string, error: string) => ({
      id: pairId(n),
      name: info(n),
      code,
      message: `${info(n)} send failed with ${error}`,
    });
    expect(response.json()).toEqual({
      total: 5,
      succeeded: 1,
      notAttempted: 0,
      drafts: [],
      failed: [
        failure(2, 'send_failed', 'Mailbox unavailable'),
        failure(3, 'send_failed', 'Quota exceeded'),
        // Cut off or timed out once sent: the legacy API may have sent it.
        { id: pairId(4), name: info(4), code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer(info(4)) },
        { id: pairId(5), name: info(5), code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer(info(5)) },
      ],
    });
    expect(bodyOf(sendPath(1))).toEqual({ destinationEmailAddress: null });
    expect(queryOf(sendPath(1)).get('serverSend')).toBe('true');
    expect(bff.calls(sendPath(4))).toHaveLength(1);
  });

  it('stops at a 403 mid-batch: 401 session_ended with what was sent', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [1, 2, 3].map((n) => couple(n)) });
    bff.upstream.answer(sendPath(1), sent(1));
    bff.upstream.answer(sendPath(2), forbidden);
    bff.upstream.answer(sendPath(3), sent(3));
    const response = await call('POST', '/api/pairs/report-emails', { ids: [1, 2, 3].map(pairId), serverSend: true });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'session_ended',
      batch: { succeeded: 1, notAttempted: 2, notAttemptedIds: [pairId(2), pairId(3)] },
    });
    expect(bff.calls(sendPath(3))).toHaveLength(0);
  });

  it('previews every pair: the first e-mail made is shown, the failures are listed with their error.info', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [1, 2, 3].map((n) => couple(n)) });
    bff.upstream.answer(sendPath(1), legacyError('Template missing'));
    bff.upstream.answer(sendPath(2), sent(2));
    bff.upstream.answer(sendPath(3), { status: 502, text: 'bad gateway' });
    const response = await call('POST', '/api/pairs/report-email-previews', { ids: [1, 2, 3].map(pairId), serverSend: false });
    expect(response.json()).toEqual({
      preview: { emailAddress: 'client2a@example.test, client2b@example.test', subject: 'Pair 2', body: '<p>Pair 2</p>' },
      failed: [
        { id: pairId(1), name: info(1), code: 'preview_failed', message: 'Template missing' },
        { id: pairId(3), name: info(3), code: 'upstream_error', message: UNEXPECTED_MESSAGE },
      ],
    });
    expect(queryOf(sendPath(2)).get('forPreview')).toBe('true');
    expect(bff.calls(sendPath(2))[0]?.body).toBe('');

    bff.upstream.answer(sendPath(2), legacyError('Template missing'));
    const none = await call('POST', '/api/pairs/report-email-previews', { ids: [pairId(2)], serverSend: true });
    expect(none.json()).toEqual({ failed: [{ id: pairId(2), name: info(2), code: 'preview_failed', message: 'Template missing' }] });
  });

  it('answers 502 when the pair list fails and sends nothing', async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 500, text: 'boom' });
    const response = await call('POST', '/api/pairs/report-emails', { ids: [pairId(1)], serverSend: true });
    expect(response.statusCode).toBe(502);
    expect(bff.calls(sendPath(1))).toHaveLength(0);
  });
});

describe('downloadPairReport against a faulty legacy API', () => {
  it("streams the PDF under the legacy file name or report.pdf; a refusal is 'Download failed', a 5xx 502", async () => {
    await start();
    bff.upstream.answer(COUPLES, { status: 200, json: [couple(1)] });
    bff.upstream.answer(
      reportPath(1),
      {
        status: 200,
        text: '%PDF-1.7 pair',
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Pair Report.pdf"' },
      },
      { status: 200, text: '%PDF-1.7 pair', headers: { 'content-type': 'application/pdf' } },
      legacyError('Not available yet'),
      { status: 500, text: 'boom' },
    );
    const named = await call('GET', `/api/pairs/${pairId(1)}/report?format=pdf`);
    expect(named.body).toBe('%PDF-1.7 pair');
    expect(named.headers['content-disposition']).toContain('filename="Pair Report.pdf"');
    expect(queryOf(reportPath(1)).get('pdf')).toBe('1');
    const unnamed = await call('GET', `/api/pairs/${pairId(1)}/report?format=pdf`);
    expect(unnamed.headers['content-disposition']).toContain('filename="report.pdf"');
    const refused = await call('GET', `/api/pairs/${pairId(1)}/report?format=pdf`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'download_failed', detail: 'Download failed' });
    expect((await call('GET', `/api/pairs/${pairId(1)}/report?format=pdf`)).statusCode).toBe(502);
  });
});
