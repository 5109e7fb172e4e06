// sendFeedback against the stateful sandbox legacy API: a category and a non-blank text reach the legacy
// leaveMessage (read back from its store); an incomplete form is the dialog's message and sends nothing.
// Every answer is checked against the contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { FEEDBACK_INCOMPLETE } from './feedback-service.ts';

let bff: SandboxBff;
let session: string;

beforeEach(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5 }));
});
afterEach(() => bff?.close());

const send = (payload: unknown) =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/feedback',
    headers: CSRF,
    cookies: { [SESSION_COOKIE]: session },
    payload: payload as Record<string, unknown>,
  });

describe('sendFeedback', () => {
  it('sends the category and the text to the provider and answers 204', async () => {
    const response = await send({ category: 'bugReport', message: 'The team report shows no names.' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(bff.store.leftMessages).toEqual([
      expect.objectContaining({ category: 'bugReport', message: 'The team report shows no names.' }),
    ]);
  });

  it.each([
    ['no category', { message: 'Hello' }],
    ['an unknown category', { category: 'complaint', message: 'Hello' }],
    ['no text', { category: 'freeText' }],
    ['an empty text', { category: 'freeText', message: '' }],
    ['a blank text', { category: 'freeText', message: '  \n\t ' }],
    ['neither', {}],
  ])('refuses %s with the dialog message and sends nothing', async (_case, payload) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'feedback_incomplete', detail: FEEDBACK_INCOMPLETE });
    expect(bff.store.leftMessages).toEqual([]);
  });

  it('refuses a text over 5000 characters as invalid (not as incomplete)', async () => {
    const response = await send({ category: 'freeText', message: 'x'.repeat(5001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(bff.store.leftMessages).toEqual([]);
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/feedback',
      headers: CSRF,
      payload: { category: 'freeText', message: 'Hello' },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/feedback',
      cookies: { [SESSION_COOKIE]: session },
      payload: { category: 'freeText', message: 'Hello' },
    });
    expect(forged.statusCode).toBe(403);
    expect(bff.store.leftMessages).toEqual([]);
  });
});
