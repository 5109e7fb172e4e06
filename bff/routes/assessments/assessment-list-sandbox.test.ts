// listAssessments, listAssessmentIds, listAssessmentProjects and listAssessmentDetails against the stateful
// sandbox (300 seeded assessments of the demo coach, some received from and given to the peer coach): the
// pipeline filters, search, sorts, paging, both views, select-all, and the coach's copy of the lists (reused
// within its TTL by every session of the coach, patched after a change whose effect is known so that it equals a
// fresh read, read again after any other change and on refresh). Every answer checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { matchesFilter, PIPELINE_FILTERS } from '../../domain/pipeline.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Row = Legacy['schemas']['Assessment'];
type AssessmentList = Bff['schemas']['AssessmentList'];

const COACH = SEED_COACHES.demo.uuid;
let env: SandboxBff;
let session: string;

async function legacy(mode = ''): Promise<Row[]> {
  return (await env.sandbox.inject({ url: `/api/v2/coaches/${COACH}/tokensX${mode}`, headers: { cookie: env.legacyCookie } })).json();
}
async function merged(): Promise<Row[]> {
  const own = await legacy();
  const ids = new Set(own.map((row) => row.uuid));
  return [...own, ...(await legacy('?mode=received')).filter((row) => !ids.has(row.uuid))];
}
const get = (url: string, cookie = session) => injectChecked(server(), { method: 'GET', url, cookies: { [SESSION_COOKIE]: cookie } });
const post = (url: string, payload: object, cookie = session) =>
  injectChecked(server(), { method: 'POST', url, payload, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie } });
const server = () => env.server;
const list = async (query = ''): Promise<AssessmentList> => {
  const response = await get(`/api/assessments${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

beforeAll(async () => {
  env = await startSandboxBff();
  session = await env.signIn();
});
afterAll(() => env?.close());

describe('GET /api/assessments (listAssessments)', () => {
  it('lists own and received assessments once each, newest first, 50 a page, with the SCO flags', async () => {
    const rows = await merged();
    const page = await list();
    expect(page.total).toBe(rows.length);
    expect(page.filteredTotal).toBe(rows.length);
    expect(page.items).toHaveLength(50);
    expect(page).toMatchObject({ page: 1, pageSize: 50, hasReceived: true, hasGiven: true });
    const created = page.items.map((item) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const all = (await list('?pageSize=500')).items;
    const received = all.filter((item) => item.receivedFromAnotherCoach);
    expect(received).toHaveLength(6);
    for (const item of received) {
      expect(item.fromCoach?.id).toBe(SEED_COACHES.peer.uuid);
      expect(item.permissions).toMatchObject({ canEdit: false, canDelete: false, canWrap: false, canAssignSco: false });
    }
  });

  it.each(PIPELINE_FILTERS)('filters on %s as the pipeline rules say, and the dashboard tile counts the same', async (filter) => {
    const rows = await merged();
    const expected = rows.filter((row) => matchesFilter(row, filter)).map((row) => row.uuid);
    const page = await list(`?filter=${filter}&pageSize=500`);
    expect(page.filteredTotal).toBe(expected.length);
    expect(page.items.map((item) => item.id).sort()).toEqual(expected.sort());
    const tile = ((await get('/api/dashboard')).json() as Bff['schemas']['Dashboard']).tiles.find((t) => t.filter === filter);
    if (tile) expect(tile.count).toBe(expected.length);
  });

  it('searches name, surname, e-mail, company and project case- and accent-insensitively, combined with a filter', async () => {
    const rows = await merged();
    const surname = rows.find((row) => /[áéíóúöő]/i.test(row.clientSurname))?.clientSurname ?? rows[0]?.clientSurname ?? '';
    const plain = surname.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();
    const page = await list(`?q=${encodeURIComponent(plain)}&pageSize=500`);
    expect(page.filteredTotal).toBeGreaterThan(0);
    expect(page.filteredTotal).toBe(rows.filter((row) => row.clientSurname === surname || row.clientName === surname).length);
    const both = await list(`?q=${encodeURIComponent(plain)}&filter=wrapped&pageSize=500`);
    expect(both.items.every((item) => item.wrapped && item.clientSurname === surname)).toBe(true);
    expect((await list('?q=Leadership%202026&pageSize=500')).items.every((item) => item.project === 'Leadership 2026')).toBe(true);
    expect((await list('?q=nobody-by-this-name')).filteredTotal).toBe(0);
  });

  it('finds for any text and filter exactly the records whose own fields hold the text (never across two records)', async () => {
    const rows = await merged();
    const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    const text = (row: (typeof rows)[number]) =>
      fold([row.clientName, row.clientSurname, row.clientEmail, row.clientCompany, row.userCoach].filter(Boolean).join('\u0001'));
    // Single letters (many hits per record), e-mail pieces, a domain shared by all, and text that spans a record's end.
    const last = rows.at(-1);
    const spanning = last ? `${fold(last.userCoach ?? last.clientEmail).slice(-2)}${fold(rows[0]?.clientName ?? '').slice(0, 2)}` : 'zz';
    for (const q of ['a', 'e', 'ov', 'client', '@', 'example', 'leadership', spanning]) {
      for (const filter of ['showAll', 'wrapped', 'notInvitedYet'] as const) {
        const expected = rows
          .filter((row) => text(row).includes(fold(q)) && (filter === 'showAll' || matchesFilter(row, filter)))
          .map((row) => row.uuid)
          .sort();
        const ids = (await get(`/api/assessments/ids?q=${encodeURIComponent(q)}&filter=${filter}`)).json().ids as string[];
        expect([...ids].sort(), `${q} / ${filter}`).toEqual(expected);
      }
    }
  });

  it('sorts on score (100 × finalTPR + aim) with unmarked rows last in either direction', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const { items } = await list(`?sort=score&order=${order}&pageSize=500`);
      const stages = items.map((item) => item.maturity?.stage ?? null);
      const scored = stages.filter((stage) => stage !== null);
      expect(stages.slice(0, scored.length)).toEqual(scored);
      expect([...scored].sort((a, b) => (order === 'asc' ? a - b : b - a))).toEqual(scored);
    }
  });

  it('sorts on the Assessment column by the name it shows (Combined, Enneagram, Maturity), not by the type code', async () => {
    const shown = { full: 'Combined', ennea: 'Enneagram', EIT: 'Maturity' } as const;
    for (const [order, names] of [
      ['asc', ['Combined', 'Enneagram', 'Maturity']],
      ['desc', ['Maturity', 'Enneagram', 'Combined']],
    ] as const) {
      const { items } = await list(`?sort=assessmentType&order=${order}&pageSize=500`);
      const runs = items.map((item) => shown[item.assessmentType]).filter((name, index, all) => name !== all[index - 1]);
      expect(runs, order).toEqual(names);
    }
  });

  it('sorts on the client (surname, then name) and on completion', async () => {
    const { items } = await list('?sort=info&order=asc&pageSize=500');
    const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    const keys = items.map((item) => fold(`${item.clientSurname} ${item.clientName}`));
    expect([...keys].sort()).toEqual(keys);
    const completed = (await list('?sort=completedAt&order=asc&pageSize=500')).items.map((item) => item.completedAt ?? null);
    const done = completed.filter((at) => at !== null);
    expect(completed.slice(0, done.length)).toEqual([...done].sort());
  });

  // Every column the table sorts on (spec §2.2), in both orders, read from what each row shows: rows without a
  // value last in either direction. The browser suite clicks one header end to end; the web's own test checks that
  // every header asks for its column.
  type Item = AssessmentList['items'][number];
  const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const nameKey = (coach?: { name: string; surname: string }) => (coach ? fold(`${coach.surname} ${coach.name}`.trim()) : null);
  const orNull = (text?: string | null) => (text ? fold(text) : null);
  const SHOWN_TYPE = { full: 'Combined', ennea: 'Enneagram', EIT: 'Maturity' } as const;
  const SORT_KEYS: Record<string, (item: Item) => string | number | null> = {
    info: (item) => fold(`${item.clientSurname} ${item.clientName}`.trim()),
    company: (item) => orNull(item.company),
    project: (item) => orNull(item.project),
    ennea: (item) => item.ennea?.type ?? null,
    score: (item) => item.maturity?.stage ?? null,
    assessmentType: (item) => SHOWN_TYPE[item.assessmentType],
    language: (item) => item.language,
    createdAt: (item) => item.createdAt,
    registeredAt: (item) => item.registeredAt ?? null,
    completedAt: (item) => item.completedAt ?? null,
    fromCoach: (item) => nameKey(item.fromCoach),
    toCoach: (item) => nameKey(item.toCoaches[0]),
  };
  it.each(Object.keys(SORT_KEYS).flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'sorts on %s %s by what the column shows, rows without a value last',
    async (sort, order) => {
      const view = sort === 'toCoach' ? '&view=given' : '';
      const { items, filteredTotal } = await list(`?sort=${sort}&order=${order}&pageSize=500${view}`);
      expect(items).toHaveLength(filteredTotal);
      const keys = items.map(SORT_KEYS[sort] as (item: Item) => string | number | null);
      const valued = keys.filter((key) => key !== null);
      // Rows with a value, more than one value among them (the seed's SCOs come from and go to one peer coach).
      expect(valued.length).toBeGreaterThan(1);
      if (!sort.endsWith('Coach')) expect(new Set(valued).size).toBeGreaterThan(1);
      expect(keys.slice(valued.length).every((key) => key === null)).toBe(true);
      const sign = order === 'asc' ? 1 : -1;
      const outOfOrder = valued.findIndex(
        (key, index) =>
          index > 0 && (valued[index - 1] as string | number) !== key && ((valued[index - 1] as string | number) < key ? 1 : -1) !== sign,
      );
      expect(outOfOrder, `${sort} ${order}: ${String(valued[outOfOrder - 1])} before ${String(valued[outOfOrder])}`).toBe(-1);
    },
  );

  it('pages: page 3 of 10 is the 21st to 30th row of the same order', async () => {
    const all = (await list('?sort=company&order=asc&pageSize=500')).items.map((item) => item.id);
    const page = await list('?sort=company&order=asc&pageSize=10&page=3');
    expect(page.items.map((item) => item.id)).toEqual(all.slice(20, 30));
    expect((await list('?page=1000')).items).toEqual([]);
  });

  it('answers the SCO Given view: the assessments given to other coaches with their To Coach', async () => {
    const given = await legacy('?mode=given');
    const page = await list('?view=given');
    expect(page.total).toBe(given.length);
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) expect(item.toCoaches.map((coach) => coach.id)).toContain(SEED_COACHES.peer.uuid);
  });

  it('maps tracking states, results and auto-send statuses', async () => {
    const { items } = await list('?pageSize=500');
    expect(new Set(items.map((item) => item.inviteState))).toEqual(new Set(['notInvited', 'invited', 'reminded']));
    expect(new Set(items.map((item) => item.markingState))).toEqual(new Set(['notMarked', 'marked', 'autoMarked']));
    const statuses = new Set(items.flatMap((item) => Object.values(item.autoSendStatus ?? {})));
    expect(statuses).toEqual(new Set(['notSent', 'sent', 'downloaded']));
    expect(items.some((item) => item.ennea && item.maturity)).toBe(true);
  });

  // spec §3.1, §4.2: "When reportsToAutoSend is set, the status per report group is: o = not yet sent to the client,
  // s = sent but not downloaded, d = downloaded" (reportStatusEnnea, reportStatusMaturity), on the row of each record.
  it("gives each record's per-group report status (o, s, d) when it sends reports automatically, and none otherwise", async () => {
    const legacyRows = new Map((await merged()).map((row) => [row.uuid, row]));
    const { items } = await list('?pageSize=500');
    const STATUS = { o: 'notSent', s: 'sent', d: 'downloaded' } as const;
    const statusOf = (value: string | null) => (value ? STATUS[value as keyof typeof STATUS] : undefined);
    let withStatus = 0;
    for (const item of items) {
      const row = legacyRows.get(item.id) as Row;
      if (!row.reportsToAutoSend || row.reportsToAutoSend === '-') {
        expect(item.autoSendStatus).toBeUndefined();
        continue;
      }
      const expected = { ennea: statusOf(row.reportStatusEnnea), maturity: statusOf(row.reportStatusMaturity) };
      expect(item.autoSendStatus ?? {}).toEqual(JSON.parse(JSON.stringify(expected)));
      if (row.reportStatusEnnea || row.reportStatusMaturity) withStatus++;
    }
    expect(withStatus).toBeGreaterThan(0);
  });

  // The report studio (spec §2.1 /reports/{code}, §3.8, §4.5): the coach's assessments that offer one report now.
  it('keeps only the assessments that offer a report, with the filter and the search, and counts them as the total', async () => {
    const all = (await list('?pageSize=500')).items;
    for (const report of ['imf', 'basic', 'extended'] as const) {
      const offering = all.filter((item) => item.availableReports.pdf.includes(report));
      expect(offering.length).toBeGreaterThan(0);
      expect(offering.length).toBeLessThan(all.length);
      const page = await list(`?report=${report}&pageSize=500`);
      expect(page.items.map((item) => item.id)).toEqual(offering.map((item) => item.id));
      expect(page).toMatchObject({ total: offering.length, filteredTotal: offering.length });
      const ids = (await get(`/api/assessments/ids?report=${report}`)).json();
      expect(ids).toEqual({ ids: offering.map((item) => item.id), filteredTotal: offering.length });
    }
    // A Maturity report is never on offer before marking: the in-marking filter keeps none of them.
    expect((await list('?report=imf&filter=completeInMarking')).filteredTotal).toBe(0);
    const [first] = all.filter((item) => item.availableReports.pdf.includes('basic'));
    const searched = await list(`?report=basic&q=${encodeURIComponent(first?.clientEmail ?? '')}`);
    expect(searched.items.map((item) => item.id)).toContain(first?.id);
    expect(searched.items.every((item) => item.availableReports.pdf.includes('basic'))).toBe(true);
    expect((await get('/api/assessments?report=notAReport')).statusCode).toBe(400);
  });

  it('refuses a page size the table does not offer', async () => {
    expect((await get('/api/assessments?pageSize=20')).statusCode).toBe(400);
  });
});

describe('GET /api/assessments/ids (listAssessmentIds)', () => {
  it('answers every id of a filter and search, not only a page', async () => {
    const ids = (await get('/api/assessments/ids?filter=completeSendReport')).json();
    const page = await list('?filter=completeSendReport&pageSize=10');
    expect(ids.filteredTotal).toBe(page.filteredTotal);
    expect(ids.ids).toHaveLength(page.filteredTotal);
    expect(ids.ids.slice(0, 10)).toEqual(page.items.map((item) => item.id));
    expect((await get('/api/assessments/ids?view=given')).json().filteredTotal).toBe((await legacy('?mode=given')).length);
  });
});

describe('GET /api/assessments/projects (listAssessmentProjects)', () => {
  it("answers the own assessments' projects once each, sorted", async () => {
    const own = await legacy();
    const expected = [...new Set(own.filter((row) => row.tokenType !== 'selfRegister').flatMap((row) => row.userCoach ?? []))].sort(
      (a, b) => a.toLowerCase().localeCompare(b.toLowerCase()),
    );
    const { items } = (await get('/api/assessments/projects')).json();
    expect(items).toEqual(expected);
    // The seed's self-registered assessment has a project of its own: hidden (spec §5 "Field limits").
    expect(own.some((row) => row.userCoach === 'Self-registration')).toBe(true);
    expect(items).not.toContain('Self-registration');
  });
});

describe('POST /api/assessments/details (listAssessmentDetails)', () => {
  it('answers the selected assessments in order with what the table leaves out; unknown ids left out; no token for a coach', async () => {
    const rows = await merged();
    const complete = rows.find((row) => row.enneaRankingCSV !== null) as Row;
    const received = rows.find((row) => row.fromAnotherCoach === 1) as Row;
    const response = await post('/api/assessments/details', {
      ids: [received.uuid, 'a55e55e0-0000-4000-8000-00000000dead', complete.uuid],
    });
    const { items } = response.json() as { items: Bff['schemas']['AssessmentDetails'][] };
    expect(items.map((item) => item.id)).toEqual([received.uuid, complete.uuid]);
    expect(items[1]?.enneaRanking).toEqual(complete.enneaRankingCSV?.split(',').map(Number));
    expect(items[1]?.instinctScores).toEqual({ sp: complete.scoreSP, so: complete.scoreSO, sx: complete.scoreSX });
    expect(items[0]?.coach.id).toBe(SEED_COACHES.peer.uuid);
    expect(items.every((item) => item.userToken === undefined)).toBe(true);
  });

  // spec §3.1 "userToken (shown only in a developer-test mode)", coach-shell §5 "dev-test mode shows the token column"
  // (an impersonator's): View Details gives an impersonator the record's token and its token type as the coach's do.
  it("gives an impersonator each assessment's token and token type", async () => {
    const rows = (await merged()).filter((row) => row.fromAnotherCoach !== 1).slice(0, 3);
    const response = await post('/api/assessments/details', { ids: rows.map((row) => row.uuid) }, await env.impersonate());
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as { items: Bff['schemas']['AssessmentDetails'][] };
    expect(items.map(({ id, userToken, tokenType }) => ({ id, userToken, tokenType }))).toEqual(
      rows.map((row) => ({ id: row.uuid, userToken: row.userToken, tokenType: row.tokenType })),
    );
  });
});

describe("the coach's copy of the lists", () => {
  it('reads the legacy lists once for several pages, sorts, filters and searches, and every session of the coach', async () => {
    const fresh = await env.signIn();
    await get('/api/assessments?refresh=true', fresh);
    const before = env.server.snapshots.loads;
    for (const query of ['', '?page=2', '?sort=score', '?filter=wrapped', '?q=zulu', '?pageSize=10&page=4']) {
      expect((await get(`/api/assessments${query}`, fresh)).statusCode).toBe(200);
    }
    await get('/api/assessments/ids?filter=notInvitedYet', fresh);
    await get('/api/clients', fresh);
    await get('/api/assessments?sort=info', session);
    await get('/api/assessments?sort=info', await env.signIn());
    expect(env.server.snapshots.loads - before).toBe(0);
    await get('/api/assessments?refresh=true', fresh);
    expect(env.server.snapshots.loads - before).toBe(1);
  });

  describe('after a change whose effect the BFF knows: patched, and equal to a fresh read', () => {
    type TableRow = Bff['schemas']['AssessmentRow'];
    const own = async () => (await list('?pageSize=500')).items.filter((item) => !item.receivedFromAnotherCoach);
    /** What the screens read of the copies: both views, a filter with a search, the clients, the projects, details. */
    async function screens(ids: string[]) {
      const read = async (url: string) => (await get(url)).json();
      return {
        own: await read('/api/assessments?pageSize=500'),
        given: await read('/api/assessments?view=given&pageSize=500'),
        filtered: await read('/api/assessments?filter=invitedNotStarted&q=a&sort=info&pageSize=500'),
        wrapped: await read('/api/assessments/ids?filter=wrapped'),
        clients: await read('/api/clients?pageSize=500&sort=name'),
        projects: await read('/api/assessments/projects'),
        details: (await post('/api/assessments/details', { ids })).json(),
      };
    }
    /** Runs the change with both copies held: no legacy list read after it, and what the screens show is a fresh read's. */
    async function expectPatched(ids: string[], change: () => Promise<void>) {
      await screens(ids);
      const loads = env.server.snapshots.loads;
      const patched = env.server.snapshots.patched;
      await change();
      const shown = await screens(ids);
      expect(env.server.snapshots.loads).toBe(loads);
      expect(env.server.snapshots.patched).toBe(patched + 2);
      await get('/api/assessments?refresh=true');
      await get('/api/assessments?view=given&refresh=true');
      expect(shown).toEqual(await screens(ids));
    }

    it('a copied link (invited)', async () => {
      const target = (await own()).find((item) => item.inviteState === 'notInvited') as TableRow;
      await expectPatched([target.id], async () => {
        expect((await post(`/api/assessments/${target.id}/link-copies`, {})).statusCode).toBe(201);
      });
    });

    it('invites and reminders', async () => {
      const rows = await own();
      const ids = [
        (rows.find((item) => item.inviteState === 'notInvited' && !item.completedAt) as TableRow).id,
        (rows.find((item) => item.inviteState === 'invited' && !item.completedAt) as TableRow).id,
      ];
      await expectPatched(ids, async () => {
        const sent = (await post('/api/assessments/invites', { ids, serverSend: true })).json();
        expect(sent).toMatchObject({ succeeded: 2, reminders: 1 });
      });
    });

    it('a delete', async () => {
      const target = (await own()).find((item) => item.permissions.canDelete && item.toCoaches.length === 0) as TableRow;
      await expectPatched([target.id], async () => {
        expect((await post('/api/assessments/deletions', { ids: [target.id] })).json().succeeded).toBe(1);
      });
    });

    it('wrap-up and back', async () => {
      const ids = (await own())
        .filter((item) => !item.wrapped)
        .slice(0, 3)
        .map((item) => item.id);
      for (const wrapped of [true, false]) {
        await expectPatched(ids, async () => {
          expect((await post('/api/assessments/wrap-ups', { ids, wrapped })).json().succeeded).toBe(3);
        });
      }
    });

    it('an edit of assessment and client fields (one given to another coach among them)', async () => {
      const rows = await own();
      const given = rows.find((item) => item.toCoaches.length > 0) as TableRow;
      const open = rows.find((item) => !item.completedAt && item.clientId !== given.clientId) as TableRow;
      const ids = [given.id, open.id];
      await expectPatched(ids, async () => {
        const edited = await injectChecked(server(), {
          method: 'PATCH',
          url: '/api/assessments',
          headers: CSRF,
          payload: {
            ids,
            language: 'hungarian',
            project: 'Patched Project',
            reportsToAutoSend: ['basic'],
            company: '',
            otherData: 'Met in Pécs',
          },
          cookies: { [SESSION_COOKIE]: session },
        });
        expect(edited.json().succeeded).toBe(2);
      });
      await expectPatched([open.id], async () => {
        const edited = await injectChecked(server(), {
          method: 'PATCH',
          url: '/api/assessments',
          headers: CSRF,
          payload: { ids: [open.id], name: 'Zsófia', surname: 'Ábrahám', email: 'zsofia@example.test', company: 'Danube Patch' },
          cookies: { [SESSION_COOKIE]: session },
        });
        expect(edited.json().succeeded).toBe(1);
      });
    });
  });

  it('is read again once after a change whose effect it does not know (a value the legacy API may store trimmed)', async () => {
    const target = (await list('?pageSize=500')).items.find((item) => !item.receivedFromAnotherCoach) as Bff['schemas']['AssessmentRow'];
    const loads = env.server.snapshots.loads;
    const edited = await injectChecked(server(), {
      method: 'PATCH',
      url: '/api/assessments',
      headers: CSRF,
      payload: { ids: [target.id], company: '  Spaced Company  ' },
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(edited.json().succeeded).toBe(1);
    const after = (await list('?pageSize=500')).items.find((item) => item.id === target.id);
    expect(after?.company).toBe('Spaced Company');
    expect(env.server.snapshots.loads).toBe(loads + 1);
  });
});
