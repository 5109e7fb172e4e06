// The registration forms' text fields (contract PersonName, EmailText): every real-world name passes, control
// and text-direction characters and wrong types are refused with the field named in a sentence, and nothing
// refused reaches the legacy API. Every answer is checked against the contract.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectChecked } from '../../test-support/contract.ts';
import { type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';

const COACH = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const CSRF = { 'x-csrf': '1' };
let bff: FaultBff;

beforeAll(async () => {
  bff = await startFaultBff({ signIn: false });
});
afterAll(() => bff?.close());
beforeEach(() => {
  bff.upstream.received.length = 0;
  bff.upstream.answer('POST /mintor/startAssessment', { status: 400, json: { error: { info: 'stop here' } } });
});

const start = (body: Record<string, unknown>) =>
  injectChecked(bff.server, {
    method: 'POST',
    url: `/api/public/mini/${COACH}/assessments`,
    headers: CSRF,
    payload: { language: 'english', name: 'Thandiwe', surname: 'Nkosi', email: 'thandiwe@example.co.za', ...body },
  });

describe('registration text fields', () => {
  it.each([
    ['NUL', 'Than\u0000diwe'],
    ['ESC', 'Than\u001bdiwe'],
    ['CR/LF', 'Thandiwe\r\nBcc: x@example.com'],
    ['a right-to-left override', 'Thandiwe\u202Eexe.txt'],
    ['a C1 control', 'Thandiwe\u0085'],
  ])('refuses %s in a name with the field named, and sends nothing upstream', async (_name, name) => {
    const response = await start({ name });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      detail: 'The name contains characters that are not allowed.',
      errors: [{ field: 'name', message: 'The name contains characters that are not allowed.' }],
    });
    expect(bff.upstream.received).toEqual([]);
  });

  it('refuses a control character inside an e-mail as the form does (the spec: a valid address)', async () => {
    const response = await start({ email: 'thandiwe@example.co.za\r\nBcc: x@example.com' });
    expect(response.json()).toMatchObject({ code: 'invalid_email', detail: 'Please provide a valid email address.' });
    expect(bff.upstream.received).toEqual([]);
  });

  it('refuses a number where the contract takes text, instead of turning it into text', async () => {
    const response = await start({ surname: 12345 });
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      detail: 'The surname is not valid.',
      errors: [{ field: 'surname', message: 'The surname is not valid.' }],
    });
    expect(bff.upstream.received).toEqual([]);
  });

  it.each([
    ['accents and an apostrophe', "Zoë O'Brien-Nkosi"],
    ['another script', 'Ελένη'],
    ['a joiner inside a word (Persian)', 'می\u200Cخواهم'],
  ])('takes %s', async (_name, name) => {
    const response = await start({ name, surname: name });
    expect(response.json().code).toBe('mini_assessment_failed');
    const sent = JSON.parse(bff.upstream.received[0]?.body ?? '{}') as { registrationData: { name: string } };
    expect(sent.registrationData.name).toBe(name);
  });

  it('still reads path and query parameters as the contract types them (coercion stays off for bodies only)', async () => {
    bff.upstream.answer('GET /selfpay/checkpayment/{checkoutId}', { status: 400, json: { error: { info: 'stop here' } } });
    const response = await injectChecked(bff.server, {
      method: 'GET',
      url: '/api/public/checkouts/00000000-0000-4000-8000-000000000001?cancelled=true',
    });
    expect(response.statusCode).not.toBe(500);
    expect(response.json().code).not.toBe('validation_failed');
  });
});
