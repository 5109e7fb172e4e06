import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { MESSAGES_PATH } from './messages.ts';

describe('POST /__sandbox/messages (a message to acknowledge)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const add = (payload: object) => sandbox.app.inject({ method: 'POST', url: MESSAGES_PATH, payload });

  it('adds a message the legacy dashboard lists among the messages to acknowledge', async () => {
    const coach = SEED_COACHES.peer;
    expect((await add({ coachEmail: coach.email, subject: 'Read me', body: '<p>Please</p>' })).statusCode).toBe(204);
    const cookie = await signIn(sandbox.app, coach.email);
    const info = await injectLegacy(sandbox.app, {
      method: 'GET',
      url: `/api/v2/coaches/${coach.uuid}/dashboardInfo`,
      headers: { cookie },
    });
    expect(info.json().messagesToAck).toContainEqual({ subject: 'Read me', body: '<p>Please</p>' });
  });

  it('refuses an unknown coach and a message without subject or body', async () => {
    expect((await add({ coachEmail: 'nobody@example.test', subject: 'a', body: 'b' })).statusCode).toBe(400);
    expect((await add({ coachEmail: SEED_COACHES.peer.email, subject: ' ', body: 'b' })).statusCode).toBe(400);
    expect((await add({ coachEmail: SEED_COACHES.peer.email, subject: 'a' })).statusCode).toBe(400);
  });
});
