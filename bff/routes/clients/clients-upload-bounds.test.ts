// uploadClientsSpreadsheet bounds what a workbook unpacks to before it leaves the BFF, against a legacy stand-in
// that records its calls: the Bulk Add template reaches the legacy upload; a workbook whose entries declare 900 MB,
// one of 1,001 entries, one with an entry packed 1,000 to 1, and a ZIP signature with no directory are refused with
// a sentence, and the legacy API is never called. The archives are made in the test, a few KB each.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { zipBytes } from '../../test-support/zip-bytes.ts';
import { UPLOAD_MESSAGES, XLSX_TYPE } from './clients-upload.ts';

const BULK = `POST /api/v3/coaches/${LEGACY_COACH_ID}/bulkAddClientsTokens/upload`;
const MB = 1024 * 1024;
const TEMPLATE = readFileSync(new URL('../../../web/public/clients_template.xlsx', import.meta.url));

let bff: FaultBff;
// No test here is about the legacy API's timing: a loaded machine must not time the sign-in out.
const start = () => startFaultBff({ env: { UPSTREAM_TIMEOUT_MS: '10000' } });
afterEach(async () => {
  await bff?.close();
});

async function upload(spreadsheet: Buffer) {
  const form = new FormData();
  form.append('assessmentType', 'ennea');
  form.append('spreadsheet', new Blob([new Uint8Array(spreadsheet)], { type: XLSX_TYPE }), 'clients.xlsx');
  const request = new Response(form);
  return injectChecked(bff.server, {
    method: 'POST',
    url: '/api/clients/bulk-uploads',
    headers: { ...CSRF, 'content-type': String(request.headers.get('content-type')) },
    cookies: { [SESSION_COOKIE]: bff.session },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('uploadClientsSpreadsheet: what the workbook unpacks to', () => {
  it('sends the Bulk Add template on to the legacy upload', async () => {
    bff = await start();
    bff.upstream.answer(BULK, {
      status: 200,
      json: { pleaseConfirm: false, duplicatedGuests: [], brokenClients: [], error: null, message: 'No clients were added.' },
    });
    const response = await upload(TEMPLATE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'done', message: 'No clients were added.' });
    expect(bff.calls(BULK)).toHaveLength(1);
  });

  it.each([
    [
      'entries declaring 900 MB',
      zipBytes([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 900 * MB },
      ]),
      'The spreadsheet unpacks to at least 900 MB; it may unpack to at most 50 MB.',
    ],
    [
      '1,001 entries',
      zipBytes(Array.from({ length: 1001 }, (_, n) => ({ name: `xl/worksheets/sheet${n + 1}.xml` }))),
      'The spreadsheet holds 1,001 parts; a workbook may hold at most 1,000.',
    ],
    [
      'an entry packed 1,000 to 1',
      zipBytes([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(4 * MB, 0x20) }]),
      /^A part of the spreadsheet unpacks to \d{1},\d{3} times its packed size; at most 100 times is allowed\.$/,
    ],
  ])('refuses a workbook of %s with a sentence and no legacy call', async (_name, spreadsheet, detail) => {
    bff = await start();
    expect(spreadsheet.length).toBeLessThan(200 * 1024);
    const response = await upload(spreadsheet);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'spreadsheet_content_too_large' });
    expect(response.json().detail).toMatch(detail);
    expect(bff.calls(BULK)).toEqual([]);
  });

  it('refuses a ZIP signature without a readable directory as no workbook, with no legacy call', async () => {
    bff = await start();
    const response = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'spreadsheet_type_not_allowed', detail: UPLOAD_MESSAGES.typeNotAllowed });
    expect(bff.calls(BULK)).toEqual([]);
  });
});
