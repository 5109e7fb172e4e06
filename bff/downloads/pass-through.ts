// One upstream file (a report PDF, a summary spreadsheet, a team report PPTX) streamed to the browser as it
// arrives, never buffered, with the upstream's content type and a clean Content-Disposition made here.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyReply } from 'fastify';
import { contentDisposition, fileNameFromDisposition } from './content-disposition.ts';

/** What the upstream client hands over: undici.request's `{ headers, body }` or a fetch Response. */
export interface UpstreamFile {
  headers: Headers | Record<string, string | string[] | undefined>;
  body: Readable | WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null;
}

export interface PassThroughOptions {
  /** The name the BFF gives the file; without it the upstream's suggestion is used, then `fallbackName`. */
  fileName?: string | undefined;
  fallbackName?: string | undefined;
  /** `attachment` (default) or `inline` (the HTML/PDF viewer). */
  disposition?: 'attachment' | 'inline' | undefined;
  /** Used when the upstream does not name a sensible type. */
  defaultContentType?: string | undefined;
}

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(\s*;\s*[a-z0-9_-]+=("[^"\r\n]*"|[^;\s"]+))*$/i;

/** Sends the file; fastify destroys the upstream stream if the client leaves, which cancels the upstream call. */
export function passThroughFile(reply: FastifyReply, file: UpstreamFile, options: PassThroughOptions = {}): FastifyReply {
  const { fileName, fallbackName = 'download', disposition = 'attachment', defaultContentType = 'application/octet-stream' } = options;
  const type = header(file.headers, 'content-type');
  const length = header(file.headers, 'content-length');
  const name = fileName ?? fileNameFromDisposition(header(file.headers, 'content-disposition')) ?? fallbackName;
  reply
    .type(type && CONTENT_TYPE.test(type) ? type : defaultContentType)
    .header('content-disposition', contentDisposition(name, disposition));
  if (length && /^[0-9]{1,15}$/.test(length)) reply.header('content-length', length);
  const body =
    file.body === null
      ? Readable.from([])
      : file.body instanceof Readable
        ? file.body
        : Readable.fromWeb(file.body as WebReadableStream<Uint8Array>);
  return reply.send(body);
}

function header(headers: UpstreamFile['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
