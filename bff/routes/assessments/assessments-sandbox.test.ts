// The assessments' batch actions and Download Reports against the stateful sandbox legacy API (started in
// process on a free port): the state they change is read back through the legacy API itself.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { NOTHING_TO_SEND, RECEIVED_SELECTION } from '../../domain/assessment-batch-rules.ts';
import { NOT_IN_LIST, notInListMessage } from '../../domain/assessment-selection.ts';
import { readZip } from '../../downloads/zip-test-support.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';
import { MESSAGES } from './assessment-emails.ts';
import { MESSAGES as DOWNLOAD_MESSAGES } from './report-downloads-service.ts';

type Row = Legacy['schemas']['Assessment'];
type History = Legacy['schemas']['HistoryEntry'];

const COACH = SEED_COACHES.demo.uuid;
const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };
const UNKNOWN_ID = 'a55e55e0-0000-4000-8000-00000000dead';

let sandbox: FastifyInstance;
let server: FastifyInstance;
let legacyCookie: string;
let session: string;
const used = new Set<string>();

const name = (row: Row) => `${row.clientName} ${row.clientSurname}`;
const complete = (row: Row) => row.guestCompletedAt !== null;

/** The coach's assessments as the legacy API lists them now (own, then received). */
async function rows(): Promise<Row[]> {
  const read = async (mode: string) =>
    (await sandbox.inject({ url: `/api/v2/coaches/${COACH}/tokensX${mode}`, headers: { cookie: legacyCookie } })).json() as Row[];
  return [...(await read('')), ...(await read('?mode=received'))];
}

/** `count` assessments not used by another test yet that match. */
async function pick(count: number, matches: (row: Row) => boolean): Promise<Row[]> {
  const found = (await rows()).filter((row) => !used.has(row.uuid) && matches(row)).slice(0, count);
  if (found.length < count) throw new Error('the seed has too few matching assessments');
  for (const row of found) used.add(row.uuid);
  return found;
}

async function history(id: string, kind: 'inviteHistory' | 'sentReportHistory'): Promise<History[]> {
  return (await sandbox.inject({ url: `/api/v2/tokens/${id}/${kind}`, headers: { cookie: legacyCookie } })).json();
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = session) =>
  injectChecked(server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie }, ...(payload && { payload }) });

let env: SandboxBff;
const signInToBff = () => env.signIn();

beforeAll(async () => {
  env = await startSandboxBff({ assessments: 60, env: { BATCH_CONCURRENCY: '3' } });
  ({ sandbox, server, legacyCookie } = env);
  session = await signInToBff();
});
afterAll(() => env?.close());

describe('POST /api/assessments/invites (sendInvites)', () => {
  it('sends invites and reminders, skips completed assessments, and flags each as invited with a history entry', async () => {
    const [fresh] = await pick(1, (row) => !complete(row) && row.userInvite === 0 && row.fromAnotherCoach === 0);
    const [invited] = await pick(1, (row) => !complete(row) && row.userInvite === 1 && row.reminded === 0 && row.fromAnotherCoach === 0);
    const [done] = await pick(1, (row) => complete(row) && row.fromAnotherCoach === 0);
    const ids = [fresh, invited, done].map((row) => row?.uuid ?? '');
    const before = await history(done?.uuid ?? '', 'inviteHistory');

    const response = await call('POST', '/api/assessments/invites', { ids, serverSend: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 2, succeeded: 2, failed: [], notAttempted: 0, skippedCompleted: 1, reminders: 1, drafts: [] });

    const after = new Map((await rows()).map((row) => [row.uuid, row]));
    expect(after.get(fresh?.uuid ?? '')).toMatchObject({ userInvite: 1, reminded: 0 });
    expect(after.get(invited?.uuid ?? '')).toMatchObject({ userInvite: 1, reminded: 1 });
    expect(await history(fresh?.uuid ?? '', 'inviteHistory')).toEqual([
      expect.objectContaining({ sentViaServer: 1, isReminder: 0, inviteType: 'email' }),
    ]);
    expect((await history(invited?.uuid ?? '', 'inviteHistory')).at(-1)).toMatchObject({ sentViaServer: 1, isReminder: 1 });
    expect(await history(done?.uuid ?? '', 'inviteHistory')).toEqual(before);
  });

  it("answers drafts for the coach's own e-mail client (serverSend false), still flagging the assessment invited", async () => {
    const [row] = await pick(1, (r) => !complete(r) && r.userInvite === 0 && r.fromAnotherCoach === 0);
    const response = await call('POST', '/api/assessments/invites', { ids: [row?.uuid], serverSend: false });
    const result = response.json();
    expect(result).toMatchObject({ total: 1, succeeded: 1, failed: [], reminders: 0, skippedCompleted: 0 });
    expect(result.drafts).toEqual([
      { id: row?.uuid, name: name(row as Row), emailAddress: row?.clientEmail, subject: expect.any(String), body: expect.any(String) },
    ]);
    expect(result.drafts[0].body).toContain(row?.userToken);
    expect((await rows()).find((r) => r.uuid === row?.uuid)?.userInvite).toBe(1);
    expect((await history(row?.uuid ?? '', 'inviteHistory')).at(-1)).toMatchObject({ sentViaServer: 0 });
  });

  it("refuses a selection of completed assessments with the spec's message", async () => {
    const done = await pick(2, (row) => complete(row) && row.fromAnotherCoach === 0);
    const response = await call('POST', '/api/assessments/invites', { ids: done.map((row) => row.uuid), serverSend: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'nothing_to_send', detail: NOTHING_TO_SEND });
  });

  it('refuses a selection holding an id the coach does not have, as a whole, and sends nothing', async () => {
    const [row] = await pick(1, (r) => !complete(r) && r.fromAnotherCoach === 0);
    const before = await history(row?.uuid ?? '', 'inviteHistory');
    const response = await call('POST', '/api/assessments/invites', { ids: [UNKNOWN_ID, row?.uuid], serverSend: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: NOT_IN_LIST, detail: notInListMessage(1) });
    expect(await history(row?.uuid ?? '', 'inviteHistory')).toEqual(before);
  });
});

describe('POST /api/assessments/invite-previews (previewInvite)', () => {
  it('previews the first assessment that is not complete, and sends and flags nothing', async () => {
    const [done] = await pick(1, (row) => complete(row) && row.fromAnotherCoach === 0);
    const [fresh] = await pick(1, (row) => !complete(row) && row.userInvite === 0 && row.fromAnotherCoach === 0);
    const response = await call('POST', '/api/assessments/invite-previews', { ids: [done?.uuid, fresh?.uuid], serverSend: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailAddress: fresh?.clientEmail, subject: expect.any(String), body: expect.any(String) });
    expect(response.json().body).toContain(fresh?.userToken);
    expect((await rows()).find((row) => row.uuid === fresh?.uuid)?.userInvite).toBe(0);
    expect(await history(fresh?.uuid ?? '', 'inviteHistory')).toEqual([]);
  });
});

describe('POST /api/assessments/report-emails (sendReports)', () => {
  it('sends the chosen reports each assessment offers, records them, and fails an assessment offering none', async () => {
    const [ennea] = await pick(1, (row) => complete(row) && row.assessmentType === 'ennea' && row.fromAnotherCoach === 0);
    const [open] = await pick(1, (row) => !complete(row) && row.fromAnotherCoach === 0);
    const response = await call('POST', '/api/assessments/report-emails', {
      ids: [ennea?.uuid, open?.uuid],
      reports: ['imf', 'basic', 'clientSummary'],
      serverSend: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 2,
      succeeded: 1,
      notAttempted: 0,
      drafts: [],
      failed: [
        {
          id: open?.uuid,
          name: name(open as Row),
          code: 'report_not_available',
          message: `${name(open as Row)} send failed with ${MESSAGES.reportNotAvailable}`,
        },
      ],
    });
    expect((await rows()).find((row) => row.uuid === ennea?.uuid)?.userReport).toBe('sent');
    expect((await history(ennea?.uuid ?? '', 'sentReportHistory')).at(-1)).toMatchObject({
      sentViaServer: 1,
      reportList: 'basic,clientSummary',
      destinationEmail: ennea?.clientEmail,
    });
    expect(await history(open?.uuid ?? '', 'sentReportHistory')).toEqual([]);
  });

  it.each([
    ['no report', { reports: [], serverSend: true }, 'report_required', MESSAGES.reportRequired],
    ['a missing report list', { serverSend: true }, 'report_required', MESSAGES.reportRequired],
    ["the coach's own e-mail for two", { reports: ['basic'], serverSend: false }, 'own_email_single_only', MESSAGES.ownEmailSingleOnly],
  ])('refuses %s', async (_, fields, code, detail) => {
    const ids = (await rows()).slice(0, 2).map((row) => row.uuid);
    const response = await call('POST', '/api/assessments/report-emails', { ids, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, detail });
  });

  it('answers validation_failed for other contract violations', async () => {
    const response = await call('POST', '/api/assessments/report-emails', { ids: ['not-a-uuid'], reports: ['basic'], serverSend: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });
});

describe('POST /api/assessments/report-email-previews (previewReportEmail)', () => {
  it('previews the e-mail of the first assessment offering a chosen report, and records nothing', async () => {
    const [ennea] = await pick(1, (row) => complete(row) && row.assessmentType === 'ennea' && row.fromAnotherCoach === 0);
    const before = await history(ennea?.uuid ?? '', 'sentReportHistory');
    const response = await call('POST', '/api/assessments/report-email-previews', {
      ids: [ennea?.uuid],
      reports: ['basic', 'imf'],
      serverSend: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailAddress: ennea?.clientEmail, subject: expect.any(String), body: expect.any(String) });
    expect(await history(ennea?.uuid ?? '', 'sentReportHistory')).toEqual(before);
  });

  it('answers preview_failed when no selected assessment offers a chosen report', async () => {
    const [open] = await pick(1, (row) => !complete(row) && row.fromAnotherCoach === 0);
    const response = await call('POST', '/api/assessments/report-email-previews', {
      ids: [open?.uuid],
      reports: ['basic'],
      serverSend: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'preview_failed', detail: MESSAGES.reportNotAvailable });
  });
});

describe('POST /api/assessments/deletions (deleteAssessments)', () => {
  it('deletes assessments not registered yet; a registered one fails by name and stays', async () => {
    const [unregistered] = await pick(1, (row) => row.userRegistration === 0 && row.fromAnotherCoach === 0);
    const [registered] = await pick(1, (row) => row.userRegistration === 1 && row.fromAnotherCoach === 0);
    const response = await call('POST', '/api/assessments/deletions', { ids: [unregistered?.uuid, registered?.uuid] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 2,
      succeeded: 1,
      notAttempted: 0,
      failed: [
        {
          id: registered?.uuid,
          name: name(registered as Row),
          code: 'already_registered',
          message: `${name(registered as Row)} has already registered and cannot be deleted.`,
        },
      ],
    });
    const left = new Set((await rows()).map((row) => row.uuid));
    expect(left.has(unregistered?.uuid ?? '')).toBe(false);
    expect(left.has(registered?.uuid ?? '')).toBe(true);
  });

  it('refuses a selection holding an assessment received from another coach, deleting nothing', async () => {
    const [own] = await pick(1, (row) => row.userRegistration === 0 && row.fromAnotherCoach === 0);
    const [received] = await pick(1, (row) => row.fromAnotherCoach === 1);
    const response = await call('POST', '/api/assessments/deletions', { ids: [own?.uuid, received?.uuid] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'received_from_another_coach', detail: RECEIVED_SELECTION });
    const left = new Set((await rows()).map((row) => row.uuid));
    expect(left.has(own?.uuid ?? '') && left.has(received?.uuid ?? '')).toBe(true);
  });
});

describe('Download Reports (createReportDownload, downloadReportArchive, getReportDownload, stopReportDownload)', () => {
  it('streams one zip of the offered reports as real PDFs, and the job ends complete', async () => {
    const [ennea] = await pick(1, (row) => complete(row) && row.assessmentType === 'ennea' && row.marked === 1);
    const [imf] = await pick(1, (row) => complete(row) && row.assessmentType === 'EIT' && row.marked === 1);
    const [open] = await pick(1, (row) => !complete(row));
    const created = await call('POST', '/api/report-downloads', { ids: [ennea?.uuid, imf?.uuid, open?.uuid], reports: ['basic', 'imf'] });
    expect(created.statusCode).toBe(201);
    const job = created.json();
    expect(job).toMatchObject({ status: 'pending', total: 2, done: 0, skipped: 4, failed: [] });
    expect(created.headers.location).toBe(`/api/report-downloads/${job.jobId}`);

    const archive = await call('GET', `/api/report-downloads/${job.jobId}/archive`);
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    expect(archive.headers['content-disposition']).toMatch(/^attachment; filename="reports-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = readZip(archive.rawPayload);
    const enneaFile = `${ennea?.clientSurname} ${ennea?.clientName} - Enneagram Report.pdf`;
    const imfFile = `${imf?.clientSurname} ${imf?.clientName} - Maturity Report.pdf`;
    expect([...files.keys()].sort()).toEqual([enneaFile, imfFile].sort());
    for (const bytes of files.values()) expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const polled = await call('GET', `/api/report-downloads/${job.jobId}`);
    expect(polled.json()).toMatchObject({ status: 'complete', total: 2, done: 2, skipped: 4, failed: [], expiresAt: expect.any(String) });
    // Fetched once per job.
    const again = await call('GET', `/api/report-downloads/${job.jobId}/archive`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('archive_already_started');
  });

  it('downloads with a report language: every chosen report of the assessment is in the zip', async () => {
    const [ennea] = await pick(1, (row) => complete(row) && row.assessmentType === 'ennea');
    const created = await call('POST', '/api/report-downloads', {
      ids: [ennea?.uuid],
      reports: ['basic', 'clientSummary'],
      language: 'hungarian',
    });
    const archive = await call('GET', `/api/report-downloads/${created.json().jobId}/archive`);
    expect([...readZip(archive.rawPayload).keys()]).toHaveLength(2);
    expect((await call('GET', `/api/report-downloads/${created.json().jobId}`)).json()).toMatchObject({ status: 'complete', done: 2 });
  });

  it.each([
    ['no report', { reports: [] }, 400, 'report_required', DOWNLOAD_MESSAGES.reportRequired],
    ['reports nobody offers', { reports: ['imf'] }, 400, 'nothing_to_download', DOWNLOAD_MESSAGES.nothingToDownload],
  ])('refuses %s', async (_, fields, status, code, detail) => {
    const [open] = await pick(1, (row) => !complete(row));
    const response = await call('POST', '/api/report-downloads', { ids: [open?.uuid], ...fields });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, detail });
  });

  it("keeps a job to its session: unknown and another session's jobs are 404; Stop ends a pending job", async () => {
    const [ennea] = await pick(1, (row) => complete(row) && row.assessmentType === 'ennea');
    const job = (await call('POST', '/api/report-downloads', { ids: [ennea?.uuid], reports: ['basic'] })).json();
    const other = await signInToBff();
    expect((await call('GET', `/api/report-downloads/${job.jobId}`, undefined, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/report-downloads/${job.jobId}`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/report-downloads/${job.jobId}/archive`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/report-downloads/0d10ad00-0000-4000-8000-000000000001')).statusCode).toBe(404);

    const stopped = await call('DELETE', `/api/report-downloads/${job.jobId}`);
    expect(stopped.json()).toMatchObject({ status: 'stopped', done: 0 });
    expect((await call('GET', `/api/report-downloads/${job.jobId}/archive`)).statusCode).toBe(409);
  });
});
