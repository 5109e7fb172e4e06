// The benchmark's legacy API: a minimal node:http server (run as its own process by scripts/bench.ts)
// answering only the calls the benchmark makes, as cheaply as it can, so the BFF and the proxy are measured
// and not the upstream. Login sets a legacy cookie; the coach read and the download need it (403 without).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { BENCH_COACH_ID, DOWNLOAD_BYTES, LEGACY_COOKIE, readyMessage, SLOW_CALL_MS } from './shared.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COACH_PATH = `/api/v2/coaches/${BENCH_COACH_ID}`;
const DOWNLOAD_PATH = `${COACH_PATH}/downloadActivitySummary`;
const INVITE_PATH = /^\/api\/v2\/tokens\/[0-9a-f-]{36}\/sendinvite$/;
const CHUNK = Buffer.alloc(64 * 1024, 'coach-portal-benchmark ');

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

function json(res: ServerResponse, status: number, body: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ...headers });
  res.end(body);
}

/** DOWNLOAD_BYTES of a fake workbook, written at the pace the reader takes it (backpressure, bounded loop). */
async function download(res: ServerResponse): Promise<void> {
  res.writeHead(200, {
    'content-type': XLSX,
    'content-length': DOWNLOAD_BYTES,
    'content-disposition': 'attachment; filename="activity-summary.xlsx"',
  });
  const chunks = Math.ceil(DOWNLOAD_BYTES / CHUNK.length);
  for (let index = 0; index < chunks && !res.destroyed; index++) {
    const size = Math.min(CHUNK.length, DOWNLOAD_BYTES - index * CHUNK.length);
    if (!res.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) {
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

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (req.method === 'POST' && path === '/api/v2/login') {
    req.resume();
    req.once('end', () => json(res, 200, LOGIN, { 'set-cookie': `${LEGACY_COOKIE}; Path=/; HttpOnly; Secure; SameSite=Lax` }));
  } else if (req.method !== 'GET') json(res, 405, EMPTY);
  else if (path === '/api/v2/logout') json(res, 200, EMPTY);
  else if (!(req.headers.cookie ?? '').includes(LEGACY_COOKIE)) json(res, 403, EMPTY);
  else if (path === COACH_PATH) json(res, 200, COACH);
  else if (path === DOWNLOAD_PATH) download(res).catch(() => res.destroy());
  // The batch's "send invite": an upstream that takes SLOW_CALL_MS per item.
  else if (INVITE_PATH.test(path)) setTimeout(() => json(res, 200, INVITE_SENT), SLOW_CALL_MS);
  else json(res, 404, EMPTY);
}

const server = createServer({ keepAliveTimeout: 60_000 }, answer);
server.listen(0, '127.0.0.1', () => readyMessage(server));
