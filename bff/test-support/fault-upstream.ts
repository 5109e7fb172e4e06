// A tiny stand-in for the legacy API that misbehaves on request: slow, reset, cut mid-body, 5xx, 403, broken JSON.
// It records what it received (method, URL, headers) and which connection each request came on.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the stand-in answers a route with: a status and a body, or a fault. */
export type CannedAnswer =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string | string[]> }
  | { fault: 'slow'; delayMs: number; answer?: CannedAnswer }
  /** Answers once `until` settles (the test decides when: e.g. after it stopped Redis). */
  | { fault: 'held'; until: Promise<unknown>; answer?: CannedAnswer }
  | { fault: 'reset' }
  /** A 200 whose headers and first body bytes arrive, then the connection is reset. */
  | { fault: 'cut' }
  | { fault: 'garbage' };

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Which TCP connection it came on (1, 2, …): the same number means a kept-alive connection. */
  connection: number;
  /** Resolves when the caller went away before the answer was complete (the BFF cancelled the call). */
  abandoned: Promise<void>;
}

export interface FaultUpstream {
  url: string;
  received: ReceivedRequest[];
  /** Answers for `METHOD /path` (query ignored), used in order; the last one repeats. */
  answer(route: string, ...answers: CannedAnswer[]): void;
  /** Resolves with the nth request (1-based) once it has arrived. */
  request(nth: number): Promise<ReceivedRequest>;
  close(): Promise<void>;
}

export async function startFaultUpstream(): Promise<FaultUpstream> {
  const routes = new Map<string, CannedAnswer[]>();
  const received: ReceivedRequest[] = [];
  const connections = new WeakMap<Socket, number>();
  let connectionCount = 0;
  const timers = new Set<NodeJS.Timeout>();

  async function respond(answer: CannedAnswer, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if ('fault' in answer) {
      if (answer.fault === 'reset') {
        request.socket.resetAndDestroy();
        return;
      }
      if (answer.fault === 'cut') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '64' });
        response.write('{"name":"Am', () => setTimeout(() => request.socket.resetAndDestroy(), 10));
        return;
      }
      if (answer.fault === 'garbage') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"allowed": tru');
        return;
      }
      if (answer.fault === 'held') {
        await answer.until;
        if (!response.destroyed) await respond(answer.answer ?? { status: 200, json: {} }, request, response);
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, answer.delayMs);
        timers.add(timer);
      });
      if (!response.destroyed) await respond(answer.answer ?? { status: 200, json: {} }, request, response);
      return;
    }
    const body = answer.json === undefined ? (answer.text ?? '') : JSON.stringify(answer.json);
    const type = answer.json === undefined ? {} : { 'content-type': 'application/json' };
    response.writeHead(answer.status, { ...type, ...answer.headers }).end(body);
  }

  const waiting: { nth: number; resolve: (request: ReceivedRequest) => void }[] = [];

  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const abandoned = new Promise<void>((resolve) => {
      response.once('close', () => {
        if (!response.writableFinished) resolve();
      });
    });
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
      connection: connections.get(request.socket) ?? 0,
      abandoned,
    });
    for (const waiter of waiting.filter(({ nth }) => nth <= received.length)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(received[waiter.nth - 1] as ReceivedRequest);
    }
    const route = `${request.method} ${new URL(request.url ?? '/', 'http://upstream').pathname}`;
    const queue = routes.get(route);
    const answer = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? { status: 404, json: { error: { info: 'Not found' } } };
    await respond(answer, request, response);
  });
  server.on('connection', (socket: Socket) => {
    connectionCount += 1;
    connections.set(socket, connectionCount);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (route, ...answers) => routes.set(route, answers),
    request: (nth) => {
      const arrived = received[nth - 1];
      return arrived ? Promise.resolve(arrived) : new Promise((resolve) => waiting.push({ nth, resolve }));
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A legacy stand-in that only answers the session check `/readyz` makes: readiness then depends on the BFF alone. */
export async function startReadyUpstream(): Promise<FaultUpstream> {
  const upstream = await startFaultUpstream();
  upstream.answer('GET /api/v2/checkForValidSession', { status: 200, json: { allowed: false } });
  return upstream;
}
