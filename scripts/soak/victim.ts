// The chaos run's faults are aimed: one more coach (the "victim") has work in flight when each lands. Before the
// kill, a 20-item invite batch and a 20-file Download Reports zip run on the instance about to be killed; before
// Redis stops, another batch runs. Each fault comes once its batch has sent its first e-mails. Every batch is then
// retried with its Idempotency-Key through the balancer until it answers (the outbox check holds it to one e-mail
// per item), and the job is polled as its progress modal would (the Redis check holds it to not being left
// running). Without this, a fault lands on a batch or a zip only by chance.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { components } from '../../generated/bff.ts';
import { DEMO_PASSWORD } from '../../sandbox/seed/accounts.ts';
import { soakCoachEmail } from '../../sandbox/seed/soak.ts';
import type { CoachClient, Instance } from './client.ts';
import { retryable } from './coach.ts';
import type { BatchRecord, InviteBatchResult, JobRecord, Recorder, ReportDownloadJob } from './record.ts';

type Row = components['schemas']['AssessmentList']['items'][number];

const BATCH_ITEMS = 20;
const JOB_ASSESSMENTS = 20;
/** How long to wait for a batch's first e-mail before the fault comes anyway. */
const FIRST_EMAIL_WAIT_MS = 10_000;

export interface InFlight {
  /** What runs, as the chaos event names it. */
  what: string;
  /** Resolves once the work answered (after retries), or was left. */
  done: Promise<void>;
}

export class Victim {
  readonly #client: CoachClient;
  readonly #recorder: Recorder;
  readonly #sandboxUrl: string;
  readonly #retryBudgetMs: number;
  #rows: Row[] = [];
  readonly #batched = new Set<string>();

  constructor(client: CoachClient, recorder: Recorder, sandboxUrl: string, retryBudgetMs: number) {
    this.#client = client;
    this.#recorder = recorder;
    this.#sandboxUrl = sandboxUrl;
    this.#retryBudgetMs = retryBudgetMs;
  }

  /** Signs in and reads the whole table once: the batches and the job choose from it. */
  async prepare(): Promise<void> {
    const signIn = await this.#client.call({
      operation: 'createSession',
      group: 'sign-in',
      method: 'POST',
      path: '/api/session',
      body: { email: soakCoachEmail(this.#client.coach), password: DEMO_PASSWORD },
    });
    this.#client.signedIn = signIn.status === 200;
    const list = await this.#client.call({
      operation: 'listAssessments',
      group: 'list: first page',
      method: 'GET',
      path: '/api/assessments?pageSize=500',
    });
    if (list.status === 200) this.#rows = (list.json as components['schemas']['AssessmentList']).items;
  }

  /** Starts a batch (on `instance`, or the balancer's choice) and answers once it has sent its first e-mails. */
  async batch(instance?: Instance): Promise<InFlight> {
    const items: BatchRecord['items'] = [];
    for (const row of this.#rows) {
      if (items.length >= BATCH_ITEMS) break;
      if (row.completedAt || !row.permissions.canInvite || this.#batched.has(row.clientId)) continue;
      this.#batched.add(row.clientId);
      items.push({ id: row.id, clientEmail: row.clientEmail ?? '' });
    }
    if (items.length === 0) return { what: 'no batch (the victim account has nothing left to send)', done: Promise.resolve() };
    const key = randomUUID();
    const body = { ids: items.map((item) => item.id), serverSend: true };
    const record: BatchRecord = {
      coach: this.#client.coach,
      key,
      items,
      attempts: 1,
      status: 0,
      startedAt: this.#recorder.now(),
      endedAt: 0,
    };
    this.#recorder.batches.push(record);
    const call = (pinned?: Instance) =>
      this.#client.call({
        operation: 'sendInvites',
        group: 'invites',
        method: 'POST',
        path: '/api/assessments/invites',
        body,
        idempotencyKey: key,
        ...(pinned ? { instance: pinned } : {}),
      });
    const first = call(instance);
    const done = (async () => {
      // The same key until the batch answers, as the web client retries it.
      let reply = await first;
      const until = this.#recorder.now() + this.#retryBudgetMs;
      while (reply.status !== 200 && retryable(reply) && this.#recorder.now() < until) {
        await sleep(Math.min(5, reply.retryAfter ?? 1) * 1000);
        record.attempts++;
        reply = await call();
      }
      record.status = reply.status;
      record.endedAt = this.#recorder.now();
      if (reply.status === 200) record.outcome = reply.json as InviteBatchResult;
    })();
    const state = await Promise.race([
      this.#firstEmail(items.map((item) => item.clientEmail)).then((sent) => (sent ? 'its first e-mails sent' : 'no e-mail sent yet')),
      done.then(() => 'already answered'),
    ]);
    return { what: `a ${items.length}-item invite batch (${state})`, done };
  }

  /** Creates a Download Reports job and starts its zip on `instance`; the job is then polled until it ends or is left. */
  async zip(instance: Instance): Promise<InFlight> {
    const rows = this.#rows.filter((row) => row.availableReports.pdf.includes('enneaOverview')).slice(0, JOB_ASSESSMENTS);
    const created =
      rows.length === 0
        ? undefined
        : await this.#client.call({
            operation: 'createReportDownload',
            group: 'report job',
            method: 'POST',
            path: '/api/report-downloads',
            body: { ids: rows.map((row) => row.id), reports: ['enneaOverview'], language: 'english' },
          });
    if (created?.status !== 201) return { what: 'no zip (the job could not be created)', done: Promise.resolve() };
    const job = created.json as ReportDownloadJob;
    const record: JobRecord = {
      coach: this.#client.coach,
      jobId: job.jobId,
      plan: 'download',
      archiveStatus: -1,
      archiveBytes: 0,
      finalStatus: job.status,
      abandoned: false,
    };
    this.#recorder.jobs.push(record);
    const archive = this.#client
      .download({
        operation: 'downloadReportArchive',
        group: 'report archive',
        method: 'GET',
        path: `/api/report-downloads/${job.jobId}/archive`,
        instance,
      })
      .then((reply) => Object.assign(record, { archiveStatus: reply.status, archiveBytes: reply.bytes }));
    const done = (async () => {
      await archive;
      // The progress modal polls until the job ends; a job still running ten polls after its zip broke off is left.
      for (let poll = 0; poll < 10; poll++) {
        await sleep(1_000);
        const answer = await this.#client.call({
          operation: 'getReportDownload',
          group: 'report job',
          method: 'GET',
          path: `/api/report-downloads/${record.jobId}`,
        });
        if (answer.status === 200) record.finalStatus = (answer.json as ReportDownloadJob).status;
        if (!['pending', 'running'].includes(record.finalStatus)) return;
      }
      record.abandoned = true;
    })();
    return { what: `a ${rows.length}-file zip`, done };
  }

  /** Waits until one of the first `addresses` (the batch runs in order) got an e-mail: answers whether one did in time. */
  async #firstEmail(addresses: readonly string[]): Promise<boolean> {
    const deadline = performance.now() + FIRST_EMAIL_WAIT_MS;
    while (performance.now() < deadline) {
      for (const address of addresses.slice(0, 8)) {
        const response = await fetch(`${this.#sandboxUrl}/__sandbox/outbox?to=${encodeURIComponent(address)}`);
        if (((await response.json()) as { messages: unknown[] }).messages.length > 0) return true;
      }
      await sleep(20);
    }
    return false;
  }
}
