// A simulated coach at human pace: visits of sign-in, the dashboard, the assessments table (pages, a sort, a
// search, a filter), a small invite batch (with an Idempotency-Key), a Download Reports job (created, polled,
// downloaded or stopped) and sign-out, with think times between steps and a pause between visits, until the run's
// deadline. A step that meets an outage is retried as the web client (or its user) would: after Retry-After, and a
// batch always with the same Idempotency-Key, so the outbox check can hold the BFF to "never twice, never lost".
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { components } from '../../generated/bff.ts';
import { createRng, type Rng } from '../../sandbox/domain/rng.ts';
import { DEMO_PASSWORD } from '../../sandbox/seed/accounts.ts';
import { soakCoachEmail } from '../../sandbox/seed/soak.ts';
import { ASSESSMENT_FILTERS, ASSESSMENT_SORTS } from '../lib/assessment-queries.ts';
import type { CallOptions, CoachClient, Reply } from './client.ts';
import type { InviteBatchResult, Recorder, ReportDownloadJob } from './record.ts';

type AssessmentList = components['schemas']['AssessmentList'];
type Row = AssessmentList['items'][number];

export interface Pace {
  /** Think time between steps, ms. */
  thinkMs: readonly [number, number];
  /** Pause between two visits, ms. */
  awayMs: readonly [number, number];
}

export interface CoachContext {
  client: CoachClient;
  recorder: Recorder;
  pace: Pace;
  /** Recorder time after which no new step starts (the coach then signs out). */
  deadline: number;
  /** How long a step is retried through an outage. */
  retryBudgetMs: number;
}

const PAGE_SIZE = 50;
const POLL_MS = 1_000;
const STOP_AFTER_MS = 100;
/** Polls after a cut archive before the coach gives up on the job (a page reload). */
const POLLS_AFTER_CUT = 10;
const MAX_POLLS = 180;

/** Answers worth trying again: no answer, the legacy API or Redis away, the same key still running elsewhere. */
export function retryable(reply: Reply): boolean {
  return [0, 502, 503, 504].includes(reply.status) || (reply.status === 409 && reply.code === 'idempotency_in_progress');
}

export class SimulatedCoach {
  readonly #ctx: CoachContext;
  readonly #prng: Rng;
  /** Clients already in a batch of this run: each client is e-mailed by one batch at most, so the outbox tells batches apart. */
  readonly #batched = new Set<string>();
  /** The visit's first page of the table: the search picks a surname from it, the paging its page count. */
  #firstPage: AssessmentList | undefined;

  constructor(ctx: CoachContext) {
    this.#ctx = ctx;
    this.#prng = createRng(9_000 + ctx.client.coach);
  }

  /** Visits until the deadline, starting after `delayMs` (coaches arrive spread out). */
  async run(delayMs: number): Promise<void> {
    await sleep(delayMs);
    while (!this.#pastDeadline()) {
      await this.#visit();
      if (this.#pastDeadline()) break;
      await this.#pause(this.#ctx.pace.awayMs);
    }
  }

  #pastDeadline(): boolean {
    return this.#ctx.recorder.now() >= this.#ctx.deadline;
  }

  async #pause([min, max]: readonly [number, number]): Promise<void> {
    const wait = this.#prng.int(min, max);
    await sleep(Math.max(0, Math.min(wait, this.#ctx.deadline - this.#ctx.recorder.now())));
  }

  /** A call retried through outages for up to the retry budget. */
  async #persist(options: CallOptions): Promise<Reply> {
    const until = this.#ctx.recorder.now() + this.#ctx.retryBudgetMs;
    for (;;) {
      const reply = await this.#ctx.client.call(options);
      if (!retryable(reply) || this.#ctx.recorder.now() >= until) return reply;
      await sleep(Math.min(5, reply.retryAfter ?? 1) * 1000);
    }
  }

  async #visit(): Promise<void> {
    if (!(await this.#signIn())) return;
    const steps: (() => Promise<unknown>)[] = [
      () => this.#dashboard(),
      () => this.#list('list: first page', {}),
      () => this.#nextPage(),
      () => this.#invites(),
      () => this.#list('list: sort', { sort: this.#prng.pick(ASSESSMENT_SORTS), order: this.#prng.pick(['asc', 'desc']) }),
      () => this.#reportJob(),
      () => this.#search(),
      () => this.#list('list: filter', { filter: this.#prng.pick(ASSESSMENT_FILTERS) }),
    ];
    for (const step of steps) {
      if (this.#pastDeadline()) break;
      // A session lost on the way (a check of the run) is signed in again, so the visit goes on.
      if (!this.#ctx.client.signedIn && !(await this.#signIn())) return;
      await step();
      await this.#pause(this.#ctx.pace.thinkMs);
    }
    await this.#signOut();
  }

  async #signIn(): Promise<boolean> {
    const reply = await this.#persist({
      operation: 'createSession',
      group: 'sign-in',
      method: 'POST',
      path: '/api/session',
      body: { email: soakCoachEmail(this.#ctx.client.coach), password: DEMO_PASSWORD },
    });
    this.#ctx.client.signedIn = reply.status === 200;
    return this.#ctx.client.signedIn;
  }

  async #signOut(): Promise<void> {
    if (!this.#ctx.client.signedIn) return;
    // Signing out ends the session on purpose: from here a 401 would not be a lost session.
    await this.#persist({ operation: 'deleteSession', group: 'sign-out', method: 'DELETE', path: '/api/session' });
    this.#ctx.client.signedIn = false;
  }

  /** What the web client loads after sign-in: the session, the dashboard and the policy alert. */
  async #dashboard(): Promise<void> {
    await this.#persist({ operation: 'getSession', group: 'dashboard', method: 'GET', path: '/api/session' });
    await this.#persist({ operation: 'getDashboard', group: 'dashboard', method: 'GET', path: '/api/dashboard' });
    await this.#persist({ operation: 'getPolicyAlert', group: 'dashboard', method: 'GET', path: '/api/policies/alert' });
  }

  async #list(group: CallOptions['group'], query: Record<string, string | number>): Promise<AssessmentList | undefined> {
    const search = new URLSearchParams(Object.entries({ pageSize: PAGE_SIZE, ...query }).map(([key, value]) => [key, String(value)]));
    const reply = await this.#persist({ operation: 'listAssessments', group, method: 'GET', path: `/api/assessments?${search}` });
    if (reply.status !== 200) return undefined;
    const list = reply.json as AssessmentList;
    if (group === 'list: first page') this.#firstPage = list;
    return list;
  }

  async #nextPage(): Promise<void> {
    const pages = Math.ceil((this.#firstPage?.filteredTotal ?? 0) / PAGE_SIZE);
    if (pages < 2) return;
    await this.#list('list: next page', { page: this.#prng.int(2, pages) });
  }

  async #search(): Promise<void> {
    const rows = this.#firstPage?.items ?? [];
    if (rows.length === 0) return;
    await this.#list('list: search', { q: this.#prng.pick(rows).clientSurname });
  }

  /** Send Invites/Reminders for 3–6 assessments not complete, never a client of an earlier batch of this run. */
  async #invites(): Promise<void> {
    const filter = this.#prng.pick(['notInvitedYet', 'invitedNotStarted']);
    const first = await this.#list('list: filter', { filter });
    if (!first) return;
    const pages = Math.ceil(first.filteredTotal / PAGE_SIZE);
    const list = pages > 1 ? await this.#list('list: filter', { filter, page: this.#prng.int(1, pages) }) : first;
    const rows = (list?.items ?? []).filter((row) => !row.completedAt && row.permissions.canInvite && !this.#batched.has(row.clientId));
    const picked: Row[] = [];
    for (const row of this.#prng.shuffle(rows)) {
      if (picked.length >= this.#prng.int(3, 6)) break;
      if (picked.some((other) => other.clientId === row.clientId)) continue;
      picked.push(row);
    }
    if (picked.length === 0) return;
    for (const row of picked) this.#batched.add(row.clientId);
    const key = randomUUID();
    const body = { ids: picked.map((row) => row.id), serverSend: true };
    const startedAt = this.#ctx.recorder.now();
    const record = {
      coach: this.#ctx.client.coach,
      key,
      items: picked.map((row) => ({ id: row.id, clientEmail: row.clientEmail ?? '' })),
      attempts: 0,
      status: 0,
      startedAt,
      endedAt: startedAt,
    };
    this.#ctx.recorder.batches.push(record);
    // The same key on every retry, until the batch answers (spec: a retry never sends twice).
    const until = startedAt + this.#ctx.retryBudgetMs;
    for (;;) {
      record.attempts++;
      const reply = await this.#ctx.client.call({
        operation: 'sendInvites',
        group: 'invites',
        method: 'POST',
        path: '/api/assessments/invites',
        body,
        idempotencyKey: key,
      });
      record.status = reply.status;
      record.endedAt = this.#ctx.recorder.now();
      if (reply.status === 200) {
        Object.assign(record, { outcome: reply.json as InviteBatchResult });
        return;
      }
      // A session lost midway: signed in again, the batch retried with its key (the cut result is resumed).
      if (reply.status === 401 && reply.code === 'session_ended' && (await this.#signIn())) continue;
      if (!retryable(reply) || this.#ctx.recorder.now() >= until) return;
      await sleep(Math.min(5, reply.retryAfter ?? 1) * 1000);
    }
  }

  /** Download Reports of 2–5 assessments that offer a report, the archive read while the job is polled; or of 12–20, stopped. */
  async #reportJob(): Promise<void> {
    // The coach stops a large job, not one done before Stop can be pressed.
    const plan = this.#prng.chance(0.25) ? 'stop' : 'download';
    const list = await this.#list('list: filter', { filter: 'completeSendReport' });
    const rows = this.#prng
      .shuffle((list?.items ?? []).filter((row) => row.availableReports.pdf.length > 0))
      .slice(0, plan === 'stop' ? this.#prng.int(12, 20) : this.#prng.int(2, 5));
    if (rows.length === 0) return;
    const offered = new Map<string, number>();
    for (const code of rows.flatMap((row) => row.availableReports.pdf)) offered.set(code, (offered.get(code) ?? 0) + 1);
    const report = [...offered.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const created = await this.#persist({
      operation: 'createReportDownload',
      group: 'report job',
      method: 'POST',
      path: '/api/report-downloads',
      body: { ids: rows.map((row) => row.id), reports: [report], language: 'english' },
    });
    if (created.status !== 201) return;
    const job = created.json as ReportDownloadJob;
    const client = this.#ctx.client;
    const record = {
      coach: client.coach,
      jobId: job.jobId,
      plan: plan as 'stop' | 'download',
      archiveStatus: -1,
      archiveBytes: 0,
      finalStatus: job.status,
      abandoned: false,
    };
    this.#ctx.recorder.jobs.push(record);
    let streaming: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      streaming = resolve;
    });
    const archive = client
      .download(
        { operation: 'downloadReportArchive', group: 'report archive', method: 'GET', path: `/api/report-downloads/${job.jobId}/archive` },
        streaming,
      )
      .then((reply) => {
        record.archiveStatus = reply.status;
        record.archiveBytes = reply.bytes;
      });
    if (plan === 'stop') {
      // Stop pressed while the first files are fetched: once the zip has begun (the modal offers Stop while it runs).
      await Promise.race([started, archive]);
      await sleep(STOP_AFTER_MS);
      const stop = await this.#persist({
        operation: 'stopReportDownload',
        group: 'report job',
        method: 'DELETE',
        path: `/api/report-downloads/${job.jobId}`,
      });
      if (stop.status === 200) record.finalStatus = (stop.json as ReportDownloadJob).status;
    }
    let polls = 0;
    let pollsSinceArchive = 0;
    while (polls < MAX_POLLS) {
      await sleep(POLL_MS);
      polls++;
      const poll = await this.#persist({
        operation: 'getReportDownload',
        group: 'report job',
        method: 'GET',
        path: `/api/report-downloads/${job.jobId}`,
      });
      if (poll.status === 200) record.finalStatus = (poll.json as ReportDownloadJob).status;
      else if (!client.signedIn || poll.status === 404) break;
      const ended = !['pending', 'running'].includes(record.finalStatus);
      if (ended && record.archiveStatus !== -1) break;
      if (record.archiveStatus !== -1 && ++pollsSinceArchive >= POLLS_AFTER_CUT) {
        // The archive is over but the job still says running: the coach reloads the page and leaves it.
        record.abandoned = true;
        break;
      }
    }
    await archive;
  }
}
