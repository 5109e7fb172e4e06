// A loopback stand-in for the legacy API's file downloads, for tests only, with faults per file: an error
// answer (400 with `error.info`, or a bare 500), a 403, no answer, a connection reset or a stall halfway
// through the body.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { BatchItemError } from '../batch/batch-errors.ts';
import { sessionEnded } from '../problem.ts';
import type { JobFile } from './jobs.ts';
import type { FetchFile } from './report-archive.ts';

export type FileBehaviour = 'ok' | 'error' | 'server-error' | 'forbidden' | 'hang' | 'reset' | 'stall';

export interface FileUpstream {
  url: string;
  /** Requests received, in order of arrival (the key of each). */
  requested: string[];
  /** Most responses open at once. */
  peakOpen: () => number;
  open: () => number;
  /** Fetches files with undici.request through one keep-alive agent, as the upstream client will. */
  fetchFile: FetchFile;
  close: () => Promise<void>;
}

export interface FileUpstreamOptions {
  /** Body size of an `ok` file. */
  size?: number;
  behaviour?: (key: string) => FileBehaviour;
  contentType?: string;
  contentDisposition?: string;
}

/** The bytes an `ok` file is made of: a first line naming it, then a repeated pattern (shared, so serving allocates nothing). */
export function fileHead(key: string): Buffer {
  return Buffer.from(`%PDF-1.7 ${key}\n`);
}

export async function startFileUpstream({
  size = 64 * 1024,
  behaviour = () => 'ok',
  contentType = 'application/pdf',
  contentDisposition,
}: FileUpstreamOptions = {}): Promise<FileUpstream> {
  const filler = Buffer.alloc(size, 'abcdefghijklmnopqrstuvwxyz0123456789\n');
  const requested: string[] = [];
  let open = 0;
  let peak = 0;
  const hanging = new Set<ServerResponse>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const key = decodeURIComponent(req.url?.split('/').pop() ?? '');
    requested.push(key);
    open++;
    peak = Math.max(peak, open);
    res.once('close', () => {
      open--;
      hanging.delete(res);
    });
    const kind = behaviour(key);
    if (kind === 'error') {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { info: `No report for ${key}` } }));
      return;
    }
    if (kind === 'server-error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (kind === 'forbidden') {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    if (kind === 'hang') {
      hanging.add(res);
      return;
    }
    const head = fileHead(key);
    const headers: Record<string, string | number> = { 'content-type': contentType, 'content-length': head.length + filler.length };
    if (contentDisposition) headers['content-disposition'] = contentDisposition;
    res.writeHead(200, headers);
    res.write(head);
    if (kind === 'ok') {
      res.end(filler);
      return;
    }
    res.write(filler.subarray(0, filler.length >> 1), () => {
      if (kind === 'reset') res.destroy();
      else hanging.add(res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 32 });

  const fetchFile: FetchFile = async (file: JobFile, signal: AbortSignal) => {
    const { statusCode, body } = await request(`${url}/files/${encodeURIComponent(file.assessmentId)}`, { signal, dispatcher });
    if (statusCode === 403) {
      await body.dump();
      // What the legacy client throws on a 403 (bff/upstream/legacy-client.ts), once its session hook ended the session.
      throw sessionEnded();
    }
    if (statusCode >= 500) {
      await body.dump();
      throw new BatchItemError('upstream_error', 'The service is unavailable. Please try again later.');
    }
    if (statusCode !== 200) {
      const answer = (await body.json()) as { error?: { info?: string } };
      throw new BatchItemError('download_failed', answer.error?.info ?? 'Failed');
    }
    return body;
  };

  return {
    url,
    requested,
    peakOpen: () => peak,
    open: () => open,
    fetchFile,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
      await dispatcher.close();
    },
  };
}
