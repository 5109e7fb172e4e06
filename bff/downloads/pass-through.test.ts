// A real loopback upstream and a real socket to the BFF: streaming and disconnects only show there.
import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { sendAnswer } from '../plugins/app/openapi-routes.ts';
import { fileNameFromDisposition } from './content-disposition.ts';
import { type FileUpstreamOptions, fileHead, startFileUpstream } from './file-upstream-test-support.ts';
import { type PassThroughOptions, passThroughFile } from './pass-through.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function bffInFrontOf(upstreamOptions: FileUpstreamOptions, options: PassThroughOptions = {}, viaFetch = false) {
  const legacy = await startFileUpstream(upstreamOptions);
  cleanups.push(legacy.close);
  const app: FastifyInstance = Fastify();
  cleanups.push(() => app.close());
  app.get<{ Params: { key: string } }>('/download/:key', async (req, reply) => {
    const url = `${legacy.url}/files/${req.params.key}`;
    const upstream = viaFetch ? await fetch(url) : await request(url);
    // As an operation's handler answers it: the route adapter writes the answer to the reply.
    return sendAnswer(reply, passThroughFile(upstream, options));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { legacy, app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

describe('passThroughFile', () => {
  it('streams the file with the upstream type and length and the BFF’s clean name', async () => {
    const { url } = await bffInFrontOf({ size: 300_000, contentType: XLSX }, { fileName: 'Activity summary – Kovács.xlsx' });
    const response = await fetch(`${url}/download/summary`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(response.headers.get('content-length')).toBe(String(fileHead('summary').length + 300_000));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Activity summary _ Kovacs.xlsx"; filename*=UTF-8''Activity%20summary%20%E2%80%93%20Kov%C3%A1cs.xlsx`,
    );
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(fileHead('summary').length + 300_000);
    expect(body.subarray(0, fileHead('summary').length).equals(fileHead('summary'))).toBe(true);
  });

  it('cleans the name the upstream suggests, from a fetch Response too', async () => {
    const { url } = await bffInFrontOf(
      { size: 100, contentType: 'application/pdf', contentDisposition: 'attachment; filename="../../x\\"y.pdf"' },
      { disposition: 'inline' },
      true,
    );
    const response = await fetch(`${url}/download/report`);
    expect(response.headers.get('content-disposition')).toBe('inline; filename="_.._x_y.pdf"');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect((await response.arrayBuffer()).byteLength).toBe(fileHead('report').length + 100);
  });

  it('replaces a content type that is not one', async () => {
    const { url } = await bffInFrontOf({ size: 10, contentType: 'pdf, please' }, { fallbackName: 'team-report.pptx' });
    const response = await fetch(`${url}/download/team`);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="team-report.pptx"');
    await response.arrayBuffer();
  });

  it('does not buffer: the client gets the first bytes while the upstream is still sending', async () => {
    const { url } = await bffInFrontOf({ size: 100_000, behaviour: () => 'stall' });
    const response = await fetch(`${url}/download/slow`);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(
      Buffer.from(first?.value ?? [])
        .subarray(0, fileHead('slow').length)
        .equals(fileHead('slow')),
    ).toBe(true);
    await reader?.cancel();
  });

  it('cancels the upstream call when the client disconnects', async () => {
    const { url, legacy } = await bffInFrontOf({ size: 100_000, behaviour: () => 'stall' });
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /download/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await once(socket, 'data');
    expect(legacy.open()).toBe(1);
    socket.destroy();
    while (legacy.open() > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(legacy.open()).toBe(0);
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers filename* and understands quoted and bare names', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''Kov%C3%A1cs.pdf`)).toBe('Kovács.pdf');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });
});
