// Malformed multipart bodies sent to every upload operation (the profile photo, the Bulk Add spreadsheet) by a
// signed-in coach: cut at many offsets (inside the file part, its headers, a boundary), no boundary, a huge part
// header, two files, an empty file, unknown field names. Each answers a 4xx problem+json, never a 5xx, nothing is
// left uncaught (vitest fails a run on an unhandled error), and the server still answers afterwards, through
// app.inject and over a real socket.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../test-support/sandbox-bff.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4870000000049454e44ae426082',
  'hex',
);
// The first bytes of a workbook (a ZIP container) and some more: the BFF reads the type from them.
const XLSX_HEAD = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
const BOUNDARY = 'fuzz-boundary';

interface Target {
  method: 'PUT' | 'POST';
  url: string;
  fileField: string;
  filename: string;
  bytes: Buffer;
  fields: [string, string][];
}
const TARGETS: Target[] = [
  { method: 'PUT', url: '/api/profile/photo', fileField: 'photo', filename: 'me.png', bytes: PNG, fields: [] },
  {
    method: 'POST',
    url: '/api/clients/bulk-uploads',
    fileField: 'spreadsheet',
    filename: 'clients.xlsx',
    bytes: XLSX_HEAD,
    fields: [
      ['assessmentType', 'ennea'],
      ['language', 'english'],
    ],
  },
];

const part = (headers: string, body: Buffer | string) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
const filePart = (name: string, filename: string, bytes: Buffer) =>
  part(`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, bytes);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);

/** The malformed bodies of one operation, each with its content type. */
function malformed(target: Target): { label: string; body: Buffer; contentType: string }[] {
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  const whole = Buffer.concat([
    ...target.fields.map(([name, value]) => field(name, value)),
    filePart(target.fileField, target.filename, target.bytes),
    END,
  ]);
  const cuts = Array.from({ length: 24 }, (_, index) => Math.max(1, Math.floor(((index + 1) * (whole.length - 1)) / 25)));
  return [
    ...cuts.map((end) => ({ label: `cut at byte ${end} of ${whole.length}`, body: whole.subarray(0, end), contentType: multipart })),
    { label: 'no closing boundary', body: whole.subarray(0, whole.length - END.length), contentType: multipart },
    { label: 'no boundary in the content type', body: whole, contentType: 'multipart/form-data' },
    { label: 'a boundary the body does not use', body: whole, contentType: 'multipart/form-data; boundary=other' },
    {
      label: 'a huge part header',
      body: Buffer.concat([
        part(`Content-Disposition: form-data; name="${target.fileField}"; filename="${'x'.repeat(100_000)}.png"`, target.bytes),
        END,
      ]),
      contentType: multipart,
    },
    {
      label: 'two files',
      body: Buffer.concat([
        filePart(target.fileField, target.filename, target.bytes),
        filePart(target.fileField, target.filename, target.bytes),
        END,
      ]),
      contentType: multipart,
    },
    {
      label: 'an empty file',
      body: Buffer.concat([filePart(target.fileField, target.filename, Buffer.alloc(0)), END]),
      contentType: multipart,
    },
    {
      label: 'a wrong file field name',
      body: Buffer.concat([filePart('other', target.filename, target.bytes), END]),
      contentType: multipart,
    },
    {
      label: 'a wrong field name',
      body: Buffer.concat([field('nonsense', 'x'), filePart(target.fileField, target.filename, target.bytes), END]),
      contentType: multipart,
    },
    { label: 'garbage', body: Buffer.from('\r\n--\r\n--\r\n\r\n'), contentType: multipart },
  ];
}

let bff: SandboxBff;
let session: string;
let listening: string;
beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5 }));
  listening = await bff.server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => bff?.close());

describe.each(TARGETS)('$method $url with a malformed body', (target) => {
  it('answers 4xx problem+json for each, never a 5xx, and still answers afterwards', async () => {
    for (const { label, body, contentType } of malformed(target)) {
      const response = await bff.server.inject({
        method: target.method,
        url: target.url,
        headers: { ...CSRF, 'content-type': contentType },
        cookies: { [SESSION_COOKIE]: session },
        payload: body,
      });
      expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
      expect(response.headers['content-type'], label).toMatch(/^application\/problem\+json/);
    }
    expect((await bff.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('over a real socket, a body that ends inside its file part is refused and the server answers the next request', async () => {
    const { port } = new URL(listening);
    const body = Buffer.concat([
      ...target.fields.map(([name, value]) => field(name, value)),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${target.fileField}"; filename="${target.filename}"\r\n\r\n`),
      target.bytes.subarray(0, 20),
    ]);
    const head = [
      `${target.method} ${target.url} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${body.length}`,
      `Cookie: ${SESSION_COOKIE}=${session}`,
      'X-CSRF: 1',
      `Origin: ${CSRF.origin}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(Buffer.concat([Buffer.from(head), body])));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });
});
