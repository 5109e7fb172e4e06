// getEmailTemplate, updateEmailTemplate and revertEmailTemplate against the stateful sandbox legacy API: the
// default text, the coach's saved version read back, the revert to the default, the refusal to revert a default,
// and the input the editor can never send. Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../../../sandbox/domain/email-templates.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { TEMPLATE_FAILED } from './templates-service.ts';

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5 }));
});
afterAll(() => bff?.close());

const url = (name: string) => `/api/email-templates/${name}`;
const read = (name: string) => injectChecked(bff.server, { method: 'GET', url: url(name), cookies: { [SESSION_COOKIE]: session } });
const update = (name: string, payload: unknown) =>
  injectChecked(bff.server, {
    method: 'PUT',
    url: url(name),
    headers: CSRF,
    payload: payload as object,
    cookies: { [SESSION_COOKIE]: session },
  });
const revert = (name: string) =>
  injectChecked(bff.server, { method: 'DELETE', url: url(name), headers: CSRF, cookies: { [SESSION_COOKIE]: session } });

describe('the template editor on the sandbox', () => {
  it('reads the default of each of the seven templates, not customised, with its placeholders', async () => {
    for (const name of Object.keys(DEFAULT_TEMPLATES)) {
      const response = await read(name);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ name, isCustomised: false, text: DEFAULT_TEMPLATES[name as keyof typeof DEFAULT_TEMPLATES] });
      expect(body.placeholders).toContain('guestname');
      expect(body.placeholders).toContain(name.includes('send_reports') ? 'reportlinks' : 'assessmentlink');
    }
  });

  it('saves the coach’s version, which is then the one read, and reverts to the default', async () => {
    const text = 'Hi {guestname},\n\nHere is your link: {assessmentlink}\n\n{coachname}';
    const saved = await update('imf_invite', { text });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'imf_invite', isCustomised: true, text });
    expect((await read('imf_invite')).json()).toMatchObject({ isCustomised: true, text });
    // Another template keeps its default.
    expect((await read('ennea_invite')).json().isCustomised).toBe(false);

    const reverted = await revert('imf_invite');
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toMatchObject({ name: 'imf_invite', isCustomised: false, text: DEFAULT_TEMPLATES.imf_invite });
    expect((await read('imf_invite')).json().isCustomised).toBe(false);
  });

  it('refuses to revert a template that is the default already (409, the toast’s text)', async () => {
    const response = await revert('send_reports_pair');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'template_not_customised', detail: TEMPLATE_FAILED });
  });

  it('refuses an unknown template, a blank text and one longer than the legacy API keeps', async () => {
    expect((await read('welcome')).statusCode).toBe(400);
    for (const text of ['', '   \n ']) {
      const response = await update('ennea_invite', { text });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const long = await update('ennea_invite', { text: 'x'.repeat(20_001) });
    expect(long.statusCode).toBe(400);
    expect((await read('ennea_invite')).json().isCustomised).toBe(false);
  });

  it('needs a session, and the CSRF header to change anything', async () => {
    expect((await injectChecked(bff.server, { method: 'GET', url: url('ennea_invite') })).statusCode).toBe(401);
    const response = await injectChecked(bff.server, {
      method: 'PUT',
      url: url('ennea_invite'),
      payload: { text: 'Hello' },
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_required');
  });
});
