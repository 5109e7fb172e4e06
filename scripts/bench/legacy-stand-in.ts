// The benchmark's legacy API: a minimal node:http server (run as its own process by scripts/bench.ts)
// answering only the calls the benchmark makes, as cheaply as it can, so the BFF and the proxy are measured
// and not the upstream. Login sets a legacy cookie; the coach read and the download need it (403 without).
// The batches' per-item calls (send invite, delete, report PDF) answer after SLOW_CALL_MS; IN_FLIGHT_PATH
// tells how many of them ran at once, LIST_READS_PATH how many reads of the coaches' lists (`tokensX`) came.
// Large bodies (the download, report PDFs of any size set by REPORT_BYTES_PATH) are generated as they are sent,
// one reused chunk at the reader's pace: gigabytes cost no disk and no memory here.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { coupleRows, listRows, memberRows, rowsCoachId, rowsOf, teamRows, transactionRows } from './list-rows.ts';
import {
  BENCH_COACH_ID,
  DOWNLOAD_BYTES,
  IN_FLIGHT_PATH,
  LEGACY_COOKIE,
  LIST_READS_PATH,
  REPORT_BYTES_PATH,
  REPORT_PDF_BYTES,
  readyMessage,
  SLOW_CALL_MS,
} from './shared.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COACH_PATH = `/api/v2/coaches/${BENCH_COACH_ID}`;
const DOWNLOAD_PATH = `${COACH_PATH}/downloadActivitySummary`;
const INVITE_PATH = /^\/api\/v2\/tokens\/[0-9a-f-]{36}\/sendinvite$/;
const TOKEN_PATH = /^\/api\/v2\/tokens\/[0-9a-f-]{36}$/;
// Send Reports (one per assessment): a change to the lists whose effect the BFF does not know, so it reads them again.
const SEND_REPORTS_PATH = /^\/api\/v3\/tokens\/[0-9a-f-]{36}\/reports$/;
const REPORT_PATH = /^\/publish\/reports\/coach\/[A-Za-z]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
const CHUNK = Buffer.alloc(64 * 1024, 'coach-portal-benchmark ');
const PDF_CHUNK = Buffer.alloc(64 * 1024, '%PDF-1.4 bench report ');
let reportBytes = REPORT_PDF_BYTES;

// The legacy contract's example coach (openapi/legacy.yaml getCoach), serialized once.
const COACH = Buffer.from(
  JSON.stringify({
    uuid: BENCH_COACH_ID,
    name: 'Amara',
    surname: 'Botha',
    email: 'demo@coachportal.test',
    businessName: 'Botha Coaching',
    tokenBalance: 42,
    pendingCredits: 0,
    isAdmin: false,
    newMessages: 1,
    countOfGivenSCOs: 2,
    countOfReceivedSCOs: 3,
    liveSystem: true,
    isAssistant: false,
    enableMiniAssessment: true,
    onlyMiniAssessment: false,
    assessmentNames: { ennea: 'Enneagram', EIT: 'IMf', full: 'Full' },
    teamReportNames: { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' },
    sendSingleAssessmentNotifications: true,
    sendBulkAssessmentNotifications: false,
    sendTeamNotifications: true,
    accreditationLevel: 3,
    isL1Conversionista: false,
    isAccreditedToCurrentLevel: true,
    twoFactorEnabled: false,
  }),
);
const LOGIN = Buffer.from(
  JSON.stringify({
    allowed: true,
    needTFA: false,
    wrongTFA: false,
    isBlocked: false,
    coach: {
      uuid: BENCH_COACH_ID,
      accreditationLevel: 3,
      sendSingleAssessmentNotifications: true,
      sendBulkAssessmentNotifications: false,
      isBeingAssisted: false,
      assistant: null,
    },
  }),
);
const EMPTY = Buffer.from('{}');
const INVITE_SENT = Buffer.from(
  JSON.stringify({ sent: true, error: null, emailAddress: 'client@example.test', subject: 'Your assessment', body: '<p>Hello</p>' }),
);

// The list benchmark (scripts/bench/lists.ts): a login as `rows-<n>[.<k>]@bench.test` is the coach whose tokensX
// holds n records (three of them received as well), each list serialized once; its teams and pairs (the search
// part, scripts/bench/search.ts) are one per 100 and one per 50 records.
const LISTS = new Map<string, Buffer>();
const TOKENS_PATH = /^\/api\/v2\/coaches\/([0-9a-f-]{36})(\/tokensX|\/teams|\/couples|\/dashboardInfo)?$/;
// The insights part (scripts/bench/insights.ts): a rows coach's balance history and any team's members.
const BALANCE_PATH = /^\/api\/v2\/coaches\/([0-9a-f-]{36})\/balanceTransactions$/;
const MEMBERS_PATH = /^\/api\/v2\/teams\/[0-9a-f-]{36}\/members$/;
const ROWS_LOGIN = /"email":"rows-(\d+)(?:\.\d+)?@bench\.test"/;
// The sessions part (scripts/bench/sessions.ts) counts how many reads of the lists N sessions at once cause.
let listReads = { own: 0, received: 0, given: 0 };

function listOf(coachId: string, rows: number, received: boolean): Buffer {
  return serialized(`${coachId}:${received}`, () => (received ? listRows(3, coachId, rows) : listRows(rows, coachId)));
}

function serialized(key: string, list: () => object): Buffer {
  let body = LISTS.get(key);
  if (!body) {
    body = Buffer.from(JSON.stringify(list()));
    LISTS.set(key, body);
  }
  return body;
}

/** openapi/legacy.yaml DashboardInfo of a rows coach: no alert, no message, the coach's list. */
function dashboardInfo(rows: number, coachId: string): object {
  return {
    coachName: 'Amara',
    coachSurname: 'Botha',
    coachEmail: 'demo@coachportal.test',
    policyAlert: false,
    messagesToAck: [],
    tokens: listRows(rows, coachId),
  };
}

function loginAs(body: string): Buffer {
  const rows = ROWS_LOGIN.exec(body)?.[1];
  if (!rows) return LOGIN;
  const login = JSON.parse(LOGIN.toString());
  login.coach.uuid = rowsCoachId(Number(rows));
  return Buffer.from(JSON.stringify(login));
}

function json(res: ServerResponse, status: number, body: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ...headers });
  res.end(body);
}

/** `bytes` of `chunk` repeated, written at the pace the reader takes them (backpressure, bounded loop). */
async function streamBytes(res: ServerResponse, bytes: number, chunk: Buffer, headers: Record<string, string>): Promise<void> {
  res.writeHead(200, { ...headers, 'content-length': bytes });
  const chunks = Math.ceil(bytes / chunk.length);
  for (let index = 0; index < chunks && !res.destroyed; index++) {
    const size = Math.min(chunk.length, bytes - index * chunk.length);
    if (!res.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
      await new Promise<void>((resolve) => {
        // Both listeners go once either fires (otherwise 'close' listeners pile up over a long download).
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end();
}

/** DOWNLOAD_BYTES of a fake workbook. */
function download(res: ServerResponse): void {
  streamBytes(res, DOWNLOAD_BYTES, CHUNK, {
    'content-type': XLSX,
    'content-disposition': 'attachment; filename="activity-summary.xlsx"',
  }).catch(() => res.destroy());
}

let inFlight = 0;
let maxInFlight = 0;

/** A per-item call of a batch: answered after SLOW_CALL_MS, counted while it waits. */
function slowly(send: () => void): void {
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  setTimeout(() => {
    inFlight--;
    send();
  }, SLOW_CALL_MS);
}

function pdf(res: ServerResponse): void {
  streamBytes(res, reportBytes, PDF_CHUNK, { 'content-type': 'application/pdf' }).catch(() => res.destroy());
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (path === IN_FLIGHT_PATH) {
    json(res, 200, Buffer.from(JSON.stringify({ inFlight, maxInFlight })));
    maxInFlight = inFlight;
  } else if (path === LIST_READS_PATH) {
    json(res, 200, Buffer.from(JSON.stringify(listReads)));
    listReads = { own: 0, received: 0, given: 0 };
  } else if (path === REPORT_BYTES_PATH) {
    reportBytes = Number(new URL(req.url ?? '/', 'http://stand-in').searchParams.get('bytes')) || REPORT_PDF_BYTES;
    json(res, 200, Buffer.from(JSON.stringify({ reportBytes })));
  } else if (req.method === 'POST' && path === '/api/v2/login') {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk;
    });
    req.once('end', () => json(res, 200, loginAs(body), { 'set-cookie': `${LEGACY_COOKIE}; Path=/; HttpOnly; Secure; SameSite=Lax` }));
  } else if (req.method === 'DELETE' && TOKEN_PATH.test(path) && (req.headers.cookie ?? '').includes(LEGACY_COOKIE)) {
    slowly(() => json(res, 200, EMPTY));
  } else if (req.method === 'POST' && SEND_REPORTS_PATH.test(path) && (req.headers.cookie ?? '').includes(LEGACY_COOKIE)) {
    req.resume();
    req.once('end', () => json(res, 200, INVITE_SENT));
  } else if (req.method !== 'GET') json(res, 405, EMPTY);
  else if (path === '/api/v2/logout') json(res, 200, EMPTY);
  else if (!(req.headers.cookie ?? '').includes(LEGACY_COOKIE)) json(res, 403, EMPTY);
  else if (path === COACH_PATH) json(res, 200, COACH);
  else if (TOKENS_PATH.test(path) && rowsOf(TOKENS_PATH.exec(path)?.[1] ?? '') !== null) {
    const [, coachId = '', tokens] = TOKENS_PATH.exec(path) ?? [];
    const rows = rowsOf(coachId) ?? 0;
    // The dashboard (the heavy-coach part, scripts/bench/heavy-coach.ts): the greeting and the coach's list.
    if (tokens === '/dashboardInfo') {
      json(
        res,
        200,
        serialized(`${coachId}${tokens}`, () => dashboardInfo(rows, coachId)),
      );
      return;
    }
    if (tokens === '/teams' || tokens === '/couples') {
      json(
        res,
        200,
        serialized(`${coachId}${tokens}`, () => (tokens === '/teams' ? teamRows(rows) : coupleRows(rows))),
      );
      return;
    }
    if (tokens) {
      const mode = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('mode');
      listReads[mode === 'received' ? 'received' : mode === 'given' ? 'given' : 'own']++;
    }
    json(res, 200, tokens ? listOf(coachId, rows, (req.url ?? '').includes('mode=received')) : COACH);
  } else if (BALANCE_PATH.test(path) && rowsOf(BALANCE_PATH.exec(path)?.[1] ?? '') !== null) {
    const coachId = BALANCE_PATH.exec(path)?.[1] ?? '';
    json(
      res,
      200,
      serialized(`${coachId}/balanceTransactions`, () => transactionRows(rowsOf(coachId) ?? 0)),
    );
  } else if (MEMBERS_PATH.test(path)) json(res, 200, serialized('members', memberRows));
  else if (path === DOWNLOAD_PATH) download(res);
  // The batch's "send invite": an upstream that takes SLOW_CALL_MS per item.
  else if (INVITE_PATH.test(path)) slowly(() => json(res, 200, INVITE_SENT));
  else if (REPORT_PATH.test(path)) slowly(() => pdf(res));
  else json(res, 404, EMPTY);
}

const server = createServer({ keepAliveTimeout: 60_000 }, answer);
server.listen(0, '127.0.0.1', () => readyMessage(server));
