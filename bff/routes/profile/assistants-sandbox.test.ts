// listAssistants, addAssistant, updateAssistant and setAssistantBlocked against the stateful sandbox legacy API
// (spec coach-shell §2.12, §3 "Assistant", §4, §5 "Assistant add/edit", §8 "Assistant"): the coach's assistants,
// the dialog's checks and messages, 'Requesting assistant failed: {error}', the edit's 'Failed', 404 for someone
// else's assistant, blocking that ends the assistant's sign-in, and an assistant's own session refused all of it.
// Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { ROLE_REFUSED_DETAIL } from '../../roles.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';

const FORMER_ASSISTANT = 'a5515000-0000-4000-8000-000000000009';
const UNKNOWN = '0b9a3f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5 }));
});
afterAll(() => bff?.close());

const as = (cookie: string) => ({ headers: CSRF, cookies: { [SESSION_COOKIE]: cookie } });
const list = (cookie = session) =>
  injectChecked(bff.server, { method: 'GET', url: '/api/assistants', cookies: { [SESSION_COOKIE]: cookie } });
const add = (payload: object, cookie = session) =>
  injectChecked(bff.server, { method: 'POST', url: '/api/assistants', ...as(cookie), payload });
const edit = (id: string, payload: object, cookie = session) =>
  injectChecked(bff.server, { method: 'PUT', url: `/api/assistants/${id}`, ...as(cookie), payload });
const block = (id: string, isBlocked: boolean, cookie = session) =>
  injectChecked(bff.server, { method: 'PUT', url: `/api/assistants/${id}/block`, ...as(cookie), payload: { isBlocked } });
const signInAs = (email: string) =>
  injectChecked(bff.server, { method: 'POST', url: '/api/session', headers: CSRF, payload: { email, password: DEMO_PASSWORD } });

const demoAssistants = () => [...bff.store.assistants.values()].filter((assistant) => assistant.coachUuid === SEED_COACHES.demo.uuid);

describe('GET /api/assistants (listAssistants)', () => {
  it("lists the coach's assistants with their block state", async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual(
      demoAssistants().map(({ uuid, name, surname, email, isBlocked }) => ({ uuid, name, surname, email, isBlocked })),
    );
    expect(response.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uuid: SEED_ASSISTANT.uuid, isBlocked: false }),
        expect.objectContaining({ uuid: FORMER_ASSISTANT, isBlocked: true }),
      ]),
    );
  });
});

describe('POST /api/assistants (addAssistant)', () => {
  it('requests the assistant, answers the legacy message, and the list shows the new one', async () => {
    const response = await add({ name: ' Zsófia ', surname: 'Kovács', email: 'zsofia.kovacs@nkosi.test' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Your assistant has been added and will receive an e-mail to set a password.' });
    expect((await list()).json().items).toContainEqual(
      expect.objectContaining({ name: 'Zsófia', surname: 'Kovács', email: 'zsofia.kovacs@nkosi.test', isBlocked: false }),
    );
  });

  it.each<[string, object, string, string]>([
    [
      'a blank name',
      { name: '  ', surname: 'Kovács', email: 'a@nkosi.test' },
      'assistant_fields_required',
      'Please fill in all fields: name, surname, and email.',
    ],
    [
      'a missing surname',
      { name: 'Zsófia', email: 'a@nkosi.test' },
      'assistant_fields_required',
      'Please fill in all fields: name, surname, and email.',
    ],
    [
      'a missing e-mail and a name over 45 characters',
      { name: 'x'.repeat(46), surname: 'Kovács' },
      'assistant_fields_required',
      'Please fill in all fields: name, surname, and email.',
    ],
    ['an invalid e-mail', { name: 'Zsófia', surname: 'Kovács', email: 'zsofia@' }, 'invalid_email', 'Please enter a valid email address.'],
    [
      'an e-mail already in use',
      { name: 'Zsófia', surname: 'Kovács', email: SEED_COACHES.peer.email },
      'assistant_request_failed',
      'Requesting assistant failed: This email address is already in use.',
    ],
  ])('refuses %s with the spec message and adds no one', async (_name, payload, code, detail) => {
    const before = demoAssistants().length;
    const response = await add(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, detail });
    expect(demoAssistants()).toHaveLength(before);
  });

  it('refuses a field over 45 characters (spec §5, §9) as validation_failed', async () => {
    const response = await add({ name: 'Zsófia', surname: 'x'.repeat(46), email: 'zsofia.k@nkosi.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    const email = await add({ name: 'Zsófia', surname: 'Kovács', email: `${'z'.repeat(35)}@nkosi.test` });
    expect(email.json().code).toBe('validation_failed');
  });
});

describe('PUT /api/assistants/{assistantId} (updateAssistant)', () => {
  it('saves the name, surname and e-mail and answers the assistant as listed afterwards', async () => {
    const response = await edit(FORMER_ASSISTANT, { name: 'Sipho', surname: 'Ndlovu-Dube', email: 'sipho.dube@nkosi.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uuid: FORMER_ASSISTANT,
      name: 'Sipho',
      surname: 'Ndlovu-Dube',
      email: 'sipho.dube@nkosi.test',
      isBlocked: true,
    });
    expect(bff.store.assistants.get(FORMER_ASSISTANT)).toMatchObject({ surname: 'Ndlovu-Dube', email: 'sipho.dube@nkosi.test' });
  });

  it("answers the edit's 'Failed' when the legacy API refuses it (an e-mail in use)", async () => {
    const response = await edit(FORMER_ASSISTANT, { name: 'Sipho', surname: 'Ndlovu', email: SEED_COACHES.peer.email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'assistant_update_failed', detail: 'Failed' });
    expect(bff.store.assistants.get(FORMER_ASSISTANT)?.email).toBe('sipho.dube@nkosi.test');
  });

  it("answers 404 for an assistant who is not the coach's", async () => {
    const response = await edit(UNKNOWN, { name: 'Sipho', surname: 'Ndlovu', email: 'sipho@nkosi.test' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('checks the dialog like the add (spec §5)', async () => {
    expect((await edit(FORMER_ASSISTANT, { name: 'Sipho', surname: '', email: 'sipho@nkosi.test' })).json().code).toBe(
      'assistant_fields_required',
    );
    expect((await edit(FORMER_ASSISTANT, { name: 'Sipho', surname: 'Ndlovu', email: 'sipho' })).json().code).toBe('invalid_email');
  });
});

describe('PUT /api/assistants/{assistantId}/block (setAssistantBlocked)', () => {
  it('blocks an assistant, who then cannot sign in, and unblocks them again', async () => {
    const blocked = await block(SEED_ASSISTANT.uuid, true);
    expect(blocked.statusCode).toBe(204);
    expect(bff.store.assistants.get(SEED_ASSISTANT.uuid)?.isBlocked).toBe(true);
    expect((await list()).json().items).toContainEqual(expect.objectContaining({ uuid: SEED_ASSISTANT.uuid, isBlocked: true }));
    expect((await signInAs(SEED_ASSISTANT.email)).statusCode).not.toBe(200);

    expect((await block(SEED_ASSISTANT.uuid, false)).statusCode).toBe(204);
    expect(bff.store.assistants.get(SEED_ASSISTANT.uuid)?.isBlocked).toBe(false);
    expect((await signInAs(SEED_ASSISTANT.email)).statusCode).toBe(200);
  });

  it("answers 404 for an assistant who is not the coach's", async () => {
    const response = await block(UNKNOWN, true);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

describe("an assistant's own session", () => {
  it('is refused every assistants operation with 403 role_refused (spec §2.12, §6)', async () => {
    const response = await signInAs(SEED_ASSISTANT.email);
    const assistant = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const before = structuredClone(demoAssistants());
    for (const answer of [
      await list(assistant),
      await add({ name: 'A', surname: 'B', email: 'ab@nkosi.test' }, assistant),
      await edit(FORMER_ASSISTANT, { name: 'A', surname: 'B', email: 'ab@nkosi.test' }, assistant),
      await block(FORMER_ASSISTANT, false, assistant),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'role_refused', detail: ROLE_REFUSED_DETAIL });
    }
    expect(demoAssistants()).toEqual(before);
  });
});
