// The legacy client's wire (upstream/legacy-client.ts): a request's path, query and body as openapi-fetch would
// write them, and the answer as `{ data, error, response }` (its fetch Response made only when asked for).
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Dispatcher } from 'undici';

const PATH_PARAM = /\{([^{}]+)\}/g;
const expanders = new Map<string, (params: Record<string, unknown> | undefined) => string>();

/** The path with its `{name}` parameters filled in (each template parsed once: the contract's paths are few). */
export function expandPath(template: string, params: Record<string, unknown> | undefined): string {
  let expand = expanders.get(template);
  if (!expand) {
    const parts = template.split(PATH_PARAM);
    expand = (values) => {
      let path = parts[0] ?? '';
      for (let index = 1; index < parts.length; index += 2) {
        const value = values?.[parts[index] as string];
        path += value === undefined || value === null ? `{${parts[index]}}` : encodeURIComponent(String(value));
        path += parts[index + 1] ?? '';
      }
      return path;
    };
    expanders.set(template, expand);
  }
  return expand(params);
}

/** Form style, exploded arrays (`ids=a&ids=b`) and deepObject objects, as openapi-fetch serializes them. */
export function queryString(query: Record<string, unknown> | undefined, cacheBuster: number | undefined): string {
  const pairs: string[] = [];
  for (const name in query) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) pairs.push(`${name}=${encodeURIComponent(String(item))}`);
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pairs.push(`${name}[${key}]=${encodeURIComponent(String(item))}`);
    } else {
      pairs.push(`${name}=${encodeURIComponent(String(value))}`);
    }
  }
  if (cacheBuster !== undefined && query?.t === undefined) pairs.push(`t=${cacheBuster}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

export function serializeBody(body: unknown): { body: Dispatcher.RequestOptions['body']; contentType: string } {
  if (body instanceof FormData) {
    // Multipart (uploads): encoded by Node's own fetch Response, boundary included (undici.request takes
    // only its own package's FormData), and streamed.
    const encoded = new Response(body);
    const stream = encoded.body ? Readable.fromWeb(encoded.body as NodeReadableStream<Uint8Array>) : null;
    return { body: stream, contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
  }
  if (body instanceof URLSearchParams) return { body: body.toString(), contentType: 'application/x-www-form-urlencoded' };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * The answer as a fetch Response, built only when a caller asks (for its status or headers). A download's
 * body is there too, but read it from `data` (no conversion) or from here, not both; a parsed answer's was read.
 */
function toResponse(status: number, headers: Dispatcher.ResponseData['headers'], stream: Readable | undefined): Response {
  const fetchHeaders = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) fetchHeaders.append(name, item);
    else if (value !== undefined) fetchHeaders.append(name, value);
  }
  return new Response(stream ? untilRead(stream) : null, { status, headers: fetchHeaders });
}

/** A web stream that attaches to the Node stream only when first read: reading `response.headers` must not drain `data`. */
function untilRead(stream: Readable): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>).getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        stream.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** One call's result, the openapi-fetch shape: `data` on success, else the legacy error body as `error`. */
export class LegacyCallResult {
  readonly data: unknown;
  readonly error: unknown;
  readonly #status: number;
  readonly #headers: Dispatcher.ResponseData['headers'];
  #response: Response | undefined;

  constructor(ok: boolean, body: unknown, status: number, headers: Dispatcher.ResponseData['headers']) {
    this.data = ok ? body : undefined;
    this.error = ok ? undefined : body;
    this.#status = status;
    this.#headers = headers;
  }

  get response(): Response {
    this.#response ??= toResponse(this.#status, this.#headers, this.data instanceof Readable ? this.data : undefined);
    return this.#response;
  }
}
