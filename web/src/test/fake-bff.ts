import type { MockInstance } from 'vitest';
import type { Session } from '../lib/session/session.ts';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

export const problem = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) =>
  json({ type: `/problems/${code}`, title: 'Failed', status, code, detail, instance: 'req-0001', ...extra }, status);

/** A 400 that refuses one field: its `errors` entry says what `detail` says, as the BFF's validation answers. */
export const fieldProblem = (code: string, field: string, detail: string) =>
  problem(400, code, detail, { errors: [{ field, message: detail }] });

/** Answers the typed client's calls in order, by method and path, and records what was sent. */
export function serve(fetchMock: MockInstance<typeof fetch>, answers: Record<string, Response[]>): Call[] {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const text = await request.text();
    const path = new URL(request.url).pathname;
    // A JSON body as its value; any other (a multipart upload) as its text.
    const json = request.headers.get('Content-Type')?.startsWith('application/json') ?? false;
    const body = text ? (json ? JSON.parse(text) : text) : undefined;
    calls.push({ method: request.method, path, body, csrf: request.headers.get('X-CSRF') });
    const answer = answers[`${request.method} ${path}`]?.shift();
    if (!answer) throw new Error(`unexpected call ${request.method} ${path}`);
    return answer;
  });
  return calls;
}

/** A signed-in demo coach's session as GET /api/session answers it (shared by the web tests). */
export const SESSION: Session = {
  coach: {
    uuid: '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
    name: 'Amara',
    surname: 'Botha',
    email: 'demo@coachportal.test',
    accreditationLevel: 3,
    tokenBalance: 42,
    pendingCredits: 0,
    isAdmin: false,
    isAssistant: false,
    enableMiniAssessment: true,
    onlyMiniAssessment: false,
    countOfGivenSCOs: 2,
    countOfReceivedSCOs: 3,
    newMessages: true,
    sendSingleAssessmentNotifications: true,
    sendBulkAssessmentNotifications: false,
    twoFactorEnabled: false,
    photoUrl: null,
  },
  roles: { impersonator: false, assisted: false, assistant: null },
  expiresAt: '2025-11-21T10:30:00Z',
  absoluteExpiresAt: '2025-11-21T18:00:00Z',
  idleTimeoutSeconds: 1800,
  portalVersion: '20251030t113749',
  supportEmail: 'support@coachportal.test',
};

/** A call a table screen's fake BFF saw (`serveLists`). */
export interface SeenCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  idempotencyKey: string | null;
}

/**
 * A table screen's fake BFF: the answers queued by "METHOD path" first, in order; then a GET of a path in `lists`
 * answered from its query (the list's page, its ids). Records every call with its query and Idempotency-Key.
 */
export function serveLists(
  fetchMock: MockInstance<typeof fetch>,
  lists: Record<string, (query: URLSearchParams) => unknown>,
  answers: Record<string, Response[]> = {},
): SeenCall[] {
  const seen: SeenCall[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    const text = await request.text();
    seen.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    });
    const queued = answers[`${request.method} ${url.pathname}`]?.shift();
    if (queued) return queued;
    const list = request.method === 'GET' ? lists[url.pathname] : undefined;
    if (list) return json(list(url.searchParams));
    throw new Error(`unexpected call ${request.method} ${url.pathname}`);
  });
  return seen;
}
