// searchPortal against a legacy stand-in: the exact legacy calls (the three lists, read once per copy, never a search
// of the legacy API's own), no teams or pairs read for an assistant, and every failure of any of the lists: 5xx → 502, no
// answer in time → 504, 403 → the session ends (401).
import { afterEach, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { COACH_PATH, type FaultBff, forbidden, slow, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { legacyAssessment } from '../../test-support/legacy-assessments.ts';
import { legacyTeam } from '../../test-support/legacy-teams.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

type Couple = Legacy['schemas']['Couple'];

const TEAMS_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/teams`;
const COUPLES_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/couples`;

const team = legacyTeam(1, { name: 'Karoo Leadership', description: 'Client1 sessions' });
const member = (n: number) => ({
  uuid: `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`,
  clientName: `Client${n}`,
  clientSurname: `Person${n}`,
  clientEmail: `client${n}@example.test`,
  scoreIMF: null,
  userEnnea: null,
  userTriType: null,
  userInstinct: null,
});
const couple: Couple = {
  uuid: 'c0091e00-0000-4000-8000-000000000001',
  info: 'Client1 Person1 & Client2 Person2',
  coupleType: 'Romance',
  assessments: [member(1), member(2)],
  reportSuppliedAt: '-',
  reportSent: '-',
  company: null,
  project: null,
  updatedAt: '2025-10-09 08:15:22',
};

const LISTS = { tokensX: TOKENS_PATH, teams: TEAMS_PATH, couples: COUPLES_PATH } as const;

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

/** Every list answers, but `failing`, which answers `answer`. */
function answerLists(failing?: keyof typeof LISTS, answer?: CannedAnswer): void {
  bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1), legacyAssessment(2, { clientCompany: 'Karoo Mining' })] });
  bff.upstream.answer(TEAMS_PATH, { status: 200, json: [team] });
  bff.upstream.answer(COUPLES_PATH, { status: 200, json: [couple] });
  if (failing && answer) bff.upstream.answer(LISTS[failing], answer);
}

const search = (q: string) => bff.call('GET', `/api/search?q=${encodeURIComponent(q)}`);

describe('searchPortal', () => {
  it('reads the coach record and the three lists once, with no search of its own; a second search reads nothing', async () => {
    bff = await startFaultBff();
    answerLists();
    const coachReads = bff.calls(COACH_PATH).length;
    const first = await search('client1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      q: 'client1',
      clients: [{ name: 'Client1' }],
      assessments: [{ clientName: 'Client1' }],
      teams: [{ name: 'Karoo Leadership' }],
      pairs: [{ info: 'Client1 Person1 & Client2 Person2' }],
      more: { clients: false, assessments: false, teams: false, pairs: false },
    });
    for (const path of Object.values(LISTS)) {
      expect(bff.calls(path), path).toHaveLength(1);
      expect(bff.calls(path)[0]?.url, path).not.toMatch(/client1/i);
    }
    expect(bff.calls(COACH_PATH).length - coachReads).toBe(1);
    const second = await search('karoo');
    expect(second.json()).toMatchObject({ clients: [{ company: 'Karoo Mining' }], teams: [{ name: 'Karoo Leadership' }], pairs: [] });
    for (const path of Object.values(LISTS)) expect(bff.calls(path), path).toHaveLength(1);
  });

  it("finds an assistant's coach's clients and assessments, reading no teams or pairs", async () => {
    bff = await startFaultBff({ assisted: true });
    answerLists();
    const response = await search('client1');
    // The assessments area is the assistant's (by its address), Teams and Pairs are not (bff/roles.ts).
    expect(response.json()).toMatchObject({
      clients: [{ name: 'Client1' }],
      assessments: [{ clientName: 'Client1' }],
      teams: [],
      pairs: [],
    });
    expect(bff.calls(TOKENS_PATH).length).toBeGreaterThan(0);
    expect(bff.calls(TEAMS_PATH)).toHaveLength(0);
    expect(bff.calls(COUPLES_PATH)).toHaveLength(0);
  });

  describe.each(Object.keys(LISTS) as (keyof typeof LISTS)[])('when the %s list fails', (list) => {
    it.each<[string, CannedAnswer, number, string]>([
      ['a 5xx', { status: 503, json: { error: { info: 'down' } } }, 502, 'upstream_error'],
      ['no answer in time', slow, 504, 'upstream_timeout'],
      ['a 403', forbidden, 401, 'session_ended'],
    ])('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
      bff = await startFaultBff();
      answerLists(list, answer);
      const response = await search('client1');
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
      if (code === 'session_ended') {
        // The session is gone: the next call answers 401 without asking the legacy API.
        const received = bff.upstream.received.length;
        expect((await search('client1')).statusCode).toBe(401);
        expect(bff.upstream.received.length).toBe(received);
      }
    });
  });
});
