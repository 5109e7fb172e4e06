// One upstream file (a report PDF, a summary spreadsheet, a team report PPTX) streamed to the browser as it
// arrives, never buffered, with the upstream's content type and a clean Content-Disposition made here. Fastify-free:
// it answers the file as an `HttpAnswer` (status, headers, stream), which the route adapter writes to the reply
// (`sendAnswer`, plugins/app/openapi-routes.ts).
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileAnswer, HttpAnswer } from '../operation.ts';
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

/**
 * The file as a 200 answer: the upstream's type (when it is one), its length (when it says one) and a clean
 * Content-Disposition, with the upstream body as a Node stream. Fastify destroys that stream if the client
 * leaves, which cancels the upstream call.
 */
export function passThroughFile(file: UpstreamFile, options: PassThroughOptions = {}): HttpAnswer<Readable> {
  const { fileName, fallbackName = 'download', disposition = 'attachment', defaultContentType = 'application/octet-stream' } = options;
  const type = header(file.headers, 'content-type');
  const length = header(file.headers, 'content-length');
  const name = fileName ?? fileNameFromDisposition(header(file.headers, 'content-disposition')) ?? fallbackName;
  const body =
    file.body === null
      ? Readable.from([])
      : file.body instanceof Readable
        ? file.body
        : Readable.fromWeb(file.body as WebReadableStream<Uint8Array>);
  const answer = fileAnswer(body, type && CONTENT_TYPE.test(type) ? type : defaultContentType, contentDisposition(name, disposition));
  if (!length || !/^[0-9]{1,15}$/.test(length)) return answer;
  return new HttpAnswer(answer.status, answer.body, { ...answer.headers, 'content-length': length });
}

function header(headers: UpstreamFile['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
