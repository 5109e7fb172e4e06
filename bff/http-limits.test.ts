// What the HTTP layer refuses before any route runs, over real sockets where only a socket can show it: every
// refusal is problem+json with the API's security headers and a request id, and a client that trickles its
// headers or body is cut off with 408 instead of holding its socket open.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { problemViolations } from './test-support/contract.ts';
import { testConfig } from './test-support/test-server.ts';

const servers: FastifyInstance[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(env: Record<string, string> = {}): Promise<{ server: FastifyInstance; port: number }> {
  const server = buildServer(testConfig({ LEGACY_API_URL: 'http://127.0.0.1:1', ...env }));
  servers.push(server);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return { server, port: address.port };
}

function expectProblem(status: number, code: string, headers: Record<string, unknown>, body: string): void {
  expect(String(headers['content-type'])).toMatch(/^application\/problem\+json/);
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(String(headers['content-security-policy'])).toContain("default-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(problemViolations(body)).toEqual([]);
  expect(JSON.parse(body)).toMatchObject({ status, code, instance: headers['x-request-id'] });
}

/** Sends `head` on a raw socket, then the rest a byte at a time, and resolves with what the server answered. */
async function trickle(port: number, head: string, rest: string, everyMs: number): Promise<{ text: string; elapsedMs: number }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await once(socket, 'connect');
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  socket.write(head);
  const timer = setInterval(() => {
    if (rest.length === 0 || socket.destroyed) return clearInterval(timer);
    socket.write(rest.slice(0, 1));
    rest = rest.slice(1);
  }, everyMs);
  await once(socket, 'close');
  clearInterval(timer);
  return { text, elapsedMs: Date.now() - started };
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('refusals before any route runs', () => {
  it.each([
    ['bad percent-encoding', '/api/%E0%A4%A/x', 400, 'bad_request'],
    ['a page address with bad percent-encoding', '/coachportal/%zz', 400, 'bad_request'],
    ['a path parameter over the router limit', `/api/public/policies/${'a'.repeat(150)}/b`, 414, 'uri_too_long'],
  ])('answers %s as a problem, without echoing the address', async (_name, url, status, code) => {
    const { server } = await start();
    const response = await server.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expectProblem(status, code, response.headers, response.body);
    expect(response.body).not.toContain('%');
    expect(response.body).not.toContain('aaaaaaaa');
  });

  it('answers headers too large with 431 as a problem', async () => {
    const { port } = await start();
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expectProblem(431, 'headers_too_large', Object.fromEntries(response.headers), await response.text());
  });
});

describe('slow clients', () => {
  it('cuts off a body that trickles in past HTTP_REQUEST_TIMEOUT_MS with 408', async () => {
    const { port } = await start({ HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_HEADERS_TIMEOUT_MS: '1000' });
    const body = JSON.stringify({ email: 'demo@coachportal.test' });
    const head = `POST /api/password/forgot HTTP/1.1\r\nHost: x\r\nX-CSRF: 1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { text, elapsedMs } = await trickle(port, head, body, 250);
    const answer = parse(text);
    expect(answer.status, `answered: ${JSON.stringify(text)}`).toBe(408);
    expectProblem(408, 'request_timeout', answer.headers, answer.body);
    expect(elapsedMs).toBeLessThan(body.length * 250);
  });

  it('cuts off headers that trickle in past HTTP_HEADERS_TIMEOUT_MS with 408', async () => {
    const { port } = await start({ HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '500' });
    const { text } = await trickle(port, 'GET /healthz HTTP/1.1\r\n', 'Host: x\r\nX-Slow: 1234567890abcdef\r\n\r\n', 200);
    expect(parse(text).status).toBe(408);
  });
});
