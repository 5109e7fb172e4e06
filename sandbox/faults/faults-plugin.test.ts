import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { emptySwitches } from './switches.ts';

const coachUrl = `/api/v2/coaches/${SEED_COACHES.demo.uuid}`;

describe('fault switches', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox({ faults: emptySwitches() });
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());
  const setFaults = (payload: object) => sandbox.app.inject({ method: 'PUT', url: '/__sandbox/faults', payload });
  const getCoach = () => sandbox.app.inject({ method: 'GET', url: coachUrl, headers: { cookie } });

  it('forces a 403 on a named operation', async () => {
    await setFaults({ forbidden: ['getCoach'] });
    expect((await getCoach()).statusCode).toBe(403);
  });

  it('answers the configured 5xx', async () => {
    await setFaults({ serverErrors: { getCoach: 503 } });
    expect((await getCoach()).statusCode).toBe(503);
  });

  it('fails every call naming a failing item', async () => {
    await setFaults({ failingItems: [SEED_COACHES.demo.uuid] });
    expect((await getCoach()).json()).toEqual({ error: { info: `Sandbox fault: ${SEED_COACHES.demo.uuid} always fails` } });
  });

  it('fails every call at a failure rate of 1', async () => {
    await setFaults({ failureRate: { '*': 1 } });
    expect((await getCoach()).statusCode).toBe(500);
  });

  it('resets the connection', async () => {
    await setFaults({ connectionResets: ['getCoach'] });
    // A reset needs a real socket: inject has none.
    const address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    await expect(fetch(`${address}${coachUrl}`, { headers: { cookie } })).rejects.toThrow();
  });

  it('behaves normally once cleared', async () => {
    await sandbox.app.inject({ method: 'DELETE', url: '/__sandbox/faults' });
    expect((await getCoach()).statusCode).toBe(200);
  });

  it('is absent unless enabled', async () => {
    const plain = await testSandbox();
    expect((await plain.app.inject({ method: 'GET', url: '/__sandbox/faults' })).statusCode).toBe(404);
    await plain.app.close();
  });
});
