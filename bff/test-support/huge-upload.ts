// A multipart body far larger than any upload limit, streamed chunk by chunk and counting what has been
// pulled from it: a test sees that the BFF refused the upload without reading the whole body.
import { Readable } from 'node:stream';

export interface HugeUpload {
  stream: Readable;
  contentType: string;
  /** Bytes the reader has taken so far. */
  pulled: () => number;
  total: number;
}

/**
 * `total` bytes of multipart body: `fields` (text parts, in order), then the file part's headers and `head`
 * (its first bytes), then filler up to `total`.
 */
export function hugeUpload({
  boundary,
  total,
  file,
  head,
  fields = {},
}: {
  boundary: string;
  total: number;
  file: { name: string; fileName: string; type: string };
  head: Buffer;
  fields?: Record<string, string>;
}): HugeUpload {
  const chunk = Buffer.alloc(64 * 1024, 7);
  let pulled = 0;
  async function* body() {
    const first = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      head,
    ]);
    pulled += first.length;
    yield first;
    while (pulled < total) {
      pulled += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    stream: Readable.from(body(), { objectMode: false, highWaterMark: 64 * 1024 }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    pulled: () => pulled,
    total,
  };
}
