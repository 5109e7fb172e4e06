// searchPortal against the stateful sandbox legacy API: the demo coach's clients, assessments, teams and pairs found
// by part of a name, an e-mail, a company or a project, ranked per kind (a whole field, a field's start, a word's
// start, anywhere; ties newest first) and capped, each row exactly as its table shows it; the lists read once per copy
// (a second search reads nothing), a team change seen by the next search, an assistant finding the clients and
// assessments (not the teams or pairs), a mini-only coach nothing. Every answer is checked against the contract.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { seedStore } from '../../../sandbox/seed/seed.ts';
import type { Store } from '../../../sandbox/state/store.ts';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { CSRF, signInToBff } from '../../test-support/bff-session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { testConfig } from '../../test-support/test-server.ts';
import { BLANK_SEARCH_MESSAGE } from './search-service.ts';

const DEMO = SEED_COACHES.demo.uuid;

let store: Store;
let sandbox: FastifyInstance;
let server: FastifyInstance;
let session: string;
/** Requests the sandbox received. */
let legacyCalls = 0;

const get = (url: string, cookie = session) => injectChecked(server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: cookie } });
const search = async (q: string, { limit, cookie }: { limit?: number; cookie?: string } = {}) => {
  const response = await get(`/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The demo coach's own clients in the sandbox, oldest first (a client is as old as their first assessment). */
function demoClients() {
  const firstAssessment = new Map<string, string>();
  for (const assessment of store.assessments.values()) {
    const known = firstAssessment.get(assessment.clientUUID);
    if (assessment.coachUUID === DEMO && (!known || assessment.tokenCreatedAt < known)) {
      firstAssessment.set(assessment.clientUUID, assessment.tokenCreatedAt);
    }
  }
  return [...store.clients.values()]
    .filter((client) => firstAssessment.has(client.uuid))
    .sort((a, b) => ((firstAssessment.get(a.uuid) as string) < (firstAssessment.get(b.uuid) as string) ? -1 : 1));
}

beforeAll(async () => {
  store = seedStore({ now: Date.now(), assessments: 120 });
  // Four clients named so that "qorvath" matches each in another way: a whole field, a field's start, a word's
  // start, somewhere inside; the better the match, the older the client, so that rank and not age orders them.
  const [exact, prefix, tieNewer, word, inside] = demoClients();
  if (!exact || !prefix || !word || !inside || !tieNewer) throw new Error('the seed has too few clients');
  Object.assign(exact, { surname: 'Qorvath' });
  Object.assign(prefix, { surname: 'Qorvathy' });
  Object.assign(word, { company: 'Studio Qorvathine' });
  Object.assign(inside, { email: 'xqorvath@example.test' });
  Object.assign(tieNewer, { surname: 'Qorvathov' });
  sandbox = await buildSandbox({ store });
  sandbox.addHook('onRequest', async () => {
    legacyCalls += 1;
  });
  const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  server = buildServer(testConfig({ LEGACY_API_URL: url }));
  await server.ready();
  session = await signInToBff(server, SEED_COACHES.demo.email, DEMO_PASSWORD);
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

describe('searchPortal', () => {
  it('finds a client by part of their e-mail, as the clients table shows the client', async () => {
    const clients = (await get('/api/clients?pageSize=100')).json().items as { id: string; email: string }[];
    const client = clients.find((row) => /^[a-z]+\.[a-z]+\.\d+@/.test(row.email));
    if (!client) throw new Error('no seeded client e-mail of the form name.surname.n@');
    // The local part after the first name: "surname.12", not the start of any field.
    const part = (client.email.split('@')[0] as string).split('.').slice(1).join('.');
    const found = await search(part.toUpperCase(), { limit: 20 });
    expect(found.q).toBe(part.toUpperCase());
    expect(found.clients).toContainEqual(client);
    const assessments = (await get(`/api/assessments?q=${encodeURIComponent(client.email)}&pageSize=100`)).json().items;
    expect(assessments.length).toBeGreaterThan(0);
    for (const assessment of assessments) expect(found.assessments).toContainEqual(assessment);
  });

  it('ranks a whole field first, then a field start, a word start, anything inside; ties newest first', async () => {
    const found = await search('Qorvath', { limit: 10 });
    const surnames = found.clients.map((row: { surname: string; company: string; email: string }) => row);
    expect(surnames).toHaveLength(5);
    expect(surnames[0].surname).toBe('Qorvath');
    // Two field starts, the newer first.
    expect(surnames.slice(1, 3).map((row: { surname: string }) => row.surname)).toEqual(['Qorvathov', 'Qorvathy']);
    expect(surnames[3].company).toBe('Studio Qorvathine');
    expect(surnames[4].email).toBe('xqorvath@example.test');
    expect(found.more.clients).toBe(false);
    // The assessments of those clients, by the same ranks: the whole surname's first.
    expect(found.assessments[0].clientSurname).toBe('Qorvath');
    expect(found.assessments.at(-1).clientEmail).toBe('xqorvath@example.test');
  });

  it('caps each kind at the limit and says when there were more', async () => {
    const found = await search('example.test', { limit: 3 });
    expect(found.clients).toHaveLength(3);
    expect(found.assessments).toHaveLength(3);
    expect(found.more).toMatchObject({ clients: true, assessments: true });
    // Without a limit: five.
    expect((await search('example.test')).clients).toHaveLength(5);
  });

  it('finds teams by name, description or project and pairs by their people, as their tables show them', async () => {
    const teams = (await get('/api/teams?pageSize=100')).json().items as { name: string }[];
    const team = teams[0];
    if (!team) throw new Error('the seed has no team');
    const foundTeams = await search(team.name, { limit: 20 });
    expect(foundTeams.teams).toContainEqual(team);
    expect(foundTeams.teams[0].name.toLowerCase()).toBe(team.name.toLowerCase());

    const pairs = (await get('/api/pairs?pageSize=100')).json().items as { members: { clientSurname: string; clientEmail: string }[] }[];
    const pair = pairs[0];
    if (!pair) throw new Error('the seed has no pair');
    const member = pair.members[1];
    const foundPairs = await search(member?.clientEmail ?? '', { limit: 20 });
    expect(foundPairs.pairs).toContainEqual(pair);
  });

  it('reads the lists once: a second search of the coach reads nothing from the legacy API', async () => {
    const fresh = await signInToBff(server, SEED_COACHES.demo.email, DEMO_PASSWORD);
    await search('qorv', { cookie: fresh });
    const loads = server.snapshots.loads;
    const before = legacyCalls;
    const found = await search('studio', { cookie: fresh });
    expect(found.clients.length).toBeGreaterThan(0);
    expect(legacyCalls - before).toBe(0);
    expect(server.snapshots.loads).toBe(loads);
  });

  it('finds a team renamed through the BFF at once, the assessments copy kept', async () => {
    await search('qorv');
    const teams = (await get('/api/teams?pageSize=100')).json().items as { id: string; isReceived: boolean; reportState: string }[];
    const own = teams.find((row) => !row.isReceived && row.reportState === 'notRequested');
    if (!own) throw new Error('the seed has no own team without a report');
    expect((await search('Zephyrine Crew')).teams).toEqual([]);
    const renamed = await injectChecked(server, {
      method: 'PATCH',
      url: `/api/teams/${own.id}`,
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: session },
      payload: { name: 'Zephyrine Crew' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const loads = server.snapshots.loads;
    const found = await search('zephyrine crew');
    expect(found.teams.map((row: { id: string }) => row.id)).toEqual([own.id]);
    // Only the teams list was read again.
    expect(server.snapshots.loads - loads).toBe(1);
  });

  it('no longer finds a pair deleted through the BFF', async () => {
    const couple = [...store.couples.values()].find((row) => row.coachUuid === DEMO && row.reportSuppliedAt === null);
    if (!couple) throw new Error('the seed has no pair without a report');
    const email = store.clients.get(store.assessments.get(couple.assessmentUuids[0])?.clientUUID ?? '')?.email ?? '';
    const ids = (found: { pairs: { id: string }[] }) => found.pairs.map((row) => row.id);
    expect(ids(await search(email, { limit: 20 }))).toContain(couple.uuid);
    const deleted = await injectChecked(server, {
      method: 'POST',
      url: '/api/pairs/deletions',
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: session },
      payload: { ids: [couple.uuid] },
    });
    expect(deleted.json()).toMatchObject({ succeeded: 1 });
    expect(ids(await search(email, { limit: 20 }))).not.toContain(couple.uuid);
  });

  it('answers a blank search 400 validation_failed naming the field', async () => {
    const response = await get('/api/search?q=%20%20%20');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      detail: BLANK_SEARCH_MESSAGE,
      errors: [{ field: 'q', message: BLANK_SEARCH_MESSAGE }],
    });
  });

  it("finds for an assistant the coach's clients and assessments as the assessments area lists them, no team or pair", async () => {
    const cookie = await signInToBff(server, SEED_ASSISTANT.email, DEMO_PASSWORD);
    // A pair's member: a client, their assessments and the pair all match the e-mail for the coach.
    const pairs = (await get('/api/pairs?pageSize=100')).json().items as { members: { clientEmail: string }[] }[];
    const email = pairs[0]?.members[0]?.clientEmail;
    if (!email) throw new Error('the seed has no pair');
    const coachFound = await search(email, { limit: 20 });
    expect(coachFound.pairs.length).toBeGreaterThan(0);
    const teamName = ((await get('/api/teams?pageSize=100')).json().items as { name: string }[])[0]?.name;
    if (!teamName) throw new Error('the seed has no team');
    expect((await search(teamName, { limit: 20 })).teams.length).toBeGreaterThan(0);

    const found = await search(email, { limit: 20, cookie });
    // What the assistant's own assessments table and clients list show for that e-mail, and nothing more.
    const listed = (await get(`/api/assessments?q=${encodeURIComponent(email)}&pageSize=100`, cookie)).json().items;
    expect(listed.length).toBeGreaterThan(0);
    expect(found.assessments).toEqual(coachFound.assessments);
    for (const assessment of listed) expect(found.assessments).toContainEqual(assessment);
    const clients = (await get(`/api/clients?q=${encodeURIComponent(email)}&pageSize=100`, cookie)).json().items;
    expect(clients.length).toBeGreaterThan(0);
    expect(found.clients).toEqual(coachFound.clients);
    for (const client of clients) expect(found.clients).toContainEqual(client);
    expect(found.pairs).toEqual([]);
    expect((await search(teamName, { limit: 20, cookie })).teams).toEqual([]);
  });

  it('finds nothing for a coach limited to mini-assessments, reading nothing', async () => {
    const cookie = await signInToBff(server, SEED_COACHES.miniOnly.email, DEMO_PASSWORD);
    const before = legacyCalls;
    const found = await search('example.test', { cookie });
    expect(found).toEqual({
      q: 'example.test',
      clients: [],
      assessments: [],
      teams: [],
      pairs: [],
      more: { clients: false, assessments: false, teams: false, pairs: false },
    });
    expect(legacyCalls - before).toBe(0);
  });
});
