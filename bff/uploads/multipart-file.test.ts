import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { problem } from '../problem.ts';
import { type FileUploadRules, readMultipartFile } from './multipart-file.ts';

const MAGIC = Buffer.from('TXT1');
const RULES: FileUploadRules<'text/x-test'> = {
  fileField: 'doc',
  maxBytes: 64,
  multipartAllowance: 1024,
  fileName: /\.txt$/,
  sniffBytes: MAGIC.length,
  sniff: (head) => (head.subarray(0, MAGIC.length).equals(MAGIC) ? 'text/x-test' : null),
  fields: new Set(['note']),
  fieldMaxBytes: 16,
  tooLarge: () => problem(400, 'too_large', 'too large'),
  typeNotAllowed: () => problem(400, 'type_not_allowed', 'not allowed'),
  empty: () => problem(400, 'empty', 'empty'),
  invalid: (field, message) => problem(400, 'validation_failed', `${field} ${message}`),
};

const BOUNDARY = 'test-boundary';

/** A multipart body as a browser sends it, and its headers. */
function upload(parts: [string, string | { name: string; bytes: Buffer }][]) {
  const bytes = Buffer.concat([
    ...parts.flatMap(([field, value]) =>
      typeof value === 'string'
        ? [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)]
        : [
            Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${value.name}"\r\n\r\n`),
            value.bytes,
            Buffer.from('\r\n'),
          ],
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(bytes.length) };
  return readMultipartFile(Readable.from([bytes]), headers, RULES);
}
const file = (bytes: Buffer, name = 'a.txt') => ({ name, bytes });

describe('readMultipartFile', () => {
  it('answers the file, typed by its first bytes, and the form fields', async () => {
    const read = await upload([
      ['note', 'hello'],
      ['doc', file(Buffer.concat([MAGIC, Buffer.from('body')]))],
    ]);
    expect(read.file?.type).toBe('text/x-test');
    expect(read.file?.bytes.toString()).toBe('TXT1body');
    expect(read.fields.get('note')).toEqual(['hello']);
  });

  it('answers no file when the body has none (the caller decides)', async () => {
    expect((await upload([['note', 'x']])).file).toBeUndefined();
  });

  it('refuses a file by its name or its first bytes, an empty one, and one over the limit', async () => {
    await expect(upload([['doc', file(MAGIC, 'a.exe')]])).rejects.toMatchObject({ code: 'type_not_allowed' });
    await expect(upload([['doc', file(Buffer.from('MZ-not-it'))]])).rejects.toMatchObject({ code: 'type_not_allowed' });
    await expect(upload([['doc', file(Buffer.alloc(0))]])).rejects.toMatchObject({ code: 'empty' });
    await expect(upload([['doc', file(Buffer.concat([MAGIC, Buffer.alloc(61)]))]])).rejects.toMatchObject({ code: 'too_large' });
  });

  it('refuses a body that says it is too large before reading it', async () => {
    const body = new Readable({ read() {} });
    await expect(
      readMultipartFile(body, { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '5000' }, RULES),
    ).rejects.toMatchObject({
      code: 'too_large',
    });
  });

  it('refuses unknown fields, a second file, long fields and a body that is not multipart', async () => {
    await expect(upload([['other', 'x']])).rejects.toMatchObject({ detail: 'other is not a field of this form' });
    await expect(upload([['note', 'x'.repeat(17)]])).rejects.toMatchObject({ detail: 'note is too long' });
    await expect(
      upload([
        ['doc', file(MAGIC)],
        ['doc', file(MAGIC)],
      ]),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(
      readMultipartFile(Readable.from([Buffer.from('{}')]), { 'content-type': 'application/json' }, RULES),
    ).rejects.toMatchObject({
      detail: 'body is not multipart/form-data with a boundary',
    });
  });

  it('refuses a body cut anywhere (inside the file part, its headers or a boundary) without an uncaught error', async () => {
    const parts = [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\n\r\nTXT1body-of-the-file\r\n`,
      `--${BOUNDARY}--\r\n`,
    ];
    const whole = Buffer.from(parts.join(''));
    const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    for (let end = 1; end < whole.length - 2; end += 1) {
      // Two chunks, as a socket delivers them: the parser has started on the part before the body ends.
      const body = Readable.from([whole.subarray(0, Math.ceil(end / 2)), whole.subarray(Math.ceil(end / 2), end)]);
      const read = readMultipartFile(body, headers, RULES).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
      const outcome = await read;
      // A cut body is never a whole upload with its file.
      if ('answer' in outcome) expect(outcome.answer.file, `cut at ${end}`).toBeUndefined();
      else expect(outcome.error, `cut at ${end}`).toMatchObject({ code: 'validation_failed' });
    }
  });
});
