import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const headers = { 'x-mini-access': 'mini' };
const registration = { name: 'Eszter', surname: 'Szabó', email: 'eszter.szabo@freemail.test' };

describe('the mini-assessment (spec public-and-guest §4 "Mini-assessment"; coach-shell §2.4)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const post = (url: string, payload: object) => injectLegacy(sandbox.app, { method: 'POST', url, headers, payload });

  it('needs the access header', async () => {
    expect((await sandbox.app.inject({ method: 'GET', url: '/mintor/initAssessment' })).statusCode).toBe(400);
    const { translations } = (await injectLegacy(sandbox.app, { method: 'GET', url: '/mintor/initAssessment', headers })).json();
    expect(Object.keys(translations)).toEqual(['english', 'slovak', 'hungarian']);
    expect(translations.hungarian.errorTitle).toBe('Hiba történt');
  });

  it('registers, asks questions 1 to 3, then 4, and stores the result in the coach’s list', async () => {
    const start = await post('/mintor/startAssessment', {
      localLanguage: 'hungarian',
      registrationData: registration,
      service: 'mini',
      coachUUID: SEED_COACHES.demo.uuid,
    });
    const { questions, coach, uniqueId } = start.json();
    expect(Object.keys(questions)).toEqual(['q1', 'q2', 'q3']);
    expect(questions.q1.question).toBe('Amikor egy projekt elakad, mit vesz észre először?');
    expect(coach).toEqual({ displayName: 'Amara Nkosi' });
    expect((await post('/mintor/section2Completed', { responses: { q4: 'A' }, uniqueId })).statusCode).toBe(400);
    const section1 = await post('/mintor/section1Completed', { responses: { q1: 'B', q2: 'A', q3: 'B' }, uniqueId });
    expect(Object.keys(section1.json().questions)).toEqual(['q4']);
    const result = (await post('/mintor/section2Completed', { responses: { q4: 'C' }, uniqueId })).json();
    expect(result.enneaTitle).toBe('2. stílus: a Segítő');

    const cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
    const list = (
      await sandbox.app.inject({ method: 'GET', url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/miniAssessments`, headers: { cookie } })
    ).json();
    expect(list[0]).toMatchObject({
      uniqueId,
      name: 'Eszter',
      localLanguage: 'hungarian',
      ennea: 2,
      trifix: '297',
      section2CompletedAt: '2025-11-20 10:00:00',
    });
    expect((await post('/mintor/section2Completed', { responses: { q4: 'C' }, uniqueId })).statusCode).toBe(400);
  });

  it('refuses a coach without the mini-assessment offering and an incomplete section', async () => {
    const refused = await post('/mintor/startAssessment', {
      localLanguage: 'english',
      registrationData: registration,
      coachUUID: SEED_COACHES.peer.uuid,
    });
    expect(refused.json()).toEqual({ error: { info: 'This mini-assessment link is not valid.' } });
    const { uniqueId } = (
      await post('/mintor/startAssessment', {
        localLanguage: 'slovak',
        registrationData: registration,
        coachUUID: SEED_COACHES.miniOnly.uuid,
      })
    ).json();
    expect((await post('/mintor/section1Completed', { responses: { q1: 'A', q2: 'B' }, uniqueId })).statusCode).toBe(400);
  });
});
