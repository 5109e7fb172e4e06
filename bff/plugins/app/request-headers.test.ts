// Header parameters as the contract declares them (components/parameters/): an Idempotency-Key of another form
// is refused with 400 before anything runs, whatever the case of the header's name; the key the web client sends
// (a random UUID, web/src/features/assessments/actions/action-messages.tsx) passes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { SESSION_COOKIE } from './session.ts';

const TEAMS = `GET /api/v2/coaches/${LEGACY_COACH_ID}/teams`;

let bff: FaultBff;
beforeAll(async () => {
  bff = await startFaultBff();
  // No teams: the one selected is reported as not found, after the list was read.
  bff.upstream.answer(TEAMS, { status: 200, json: [] });
});
afterAll(() => bff?.close());

const deleteTeams = (headers: Record<string, string>) =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/teams/deletions',
    headers: { ...CSRF, ...headers },
    cookies: { [SESSION_COOKIE]: bff.session },
    payload: { ids: ['7ea70000-0000-4000-8000-000000000001'] },
  });

describe('the Idempotency-Key header', () => {
  it.each([
    ['too short', 'k1'],
    ['too long', 'k'.repeat(129)],
    ['with a space', 'two words-0001'],
    ['with a character outside the set', 'key/0001/with/slashes'],
    ['not ASCII', 'clé-de-requête-0001'],
  ])('refuses a key %s with 400 validation_failed naming the header, before any legacy call', async (_case, key) => {
    const before = bff.upstream.received.length;
    const response = await deleteTeams({ 'Idempotency-Key': key });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      detail: expect.stringMatching(/^The idempotency-key (must|can|is) .+\.$/),
      errors: [{ field: 'idempotency-key', message: expect.stringMatching(/^The idempotency-key /) }],
    });
    expect(bff.upstream.received.length).toBe(before);
  });

  it('takes the web client’s random UUID, and a key of the contract’s form, whatever the header name’s case', async () => {
    const keys: Record<string, string>[] = [{ 'Idempotency-Key': randomUUID() }, { 'idempotency-key': 'retry.key:0001_a-b' }, {}];
    for (const headers of keys) {
      const before = bff.calls(TEAMS).length;
      expect((await deleteTeams(headers)).json()).toMatchObject({ total: 1, failed: [{ code: 'not_found' }] });
      expect(bff.calls(TEAMS).length).toBe(before + 1);
    }
  });
});
