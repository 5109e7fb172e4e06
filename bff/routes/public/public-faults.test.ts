// The public guest report, policy and mini-assessment routes against a legacy stand-in that answers what
// each test tells it (full legacy shapes, refusals, 5xx, resets, slow answers), checking what the BFF sent.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { testConfig } from '../../test-support/test-server.ts';

const ORIGIN = 'http://localhost:3000';
const CSRF = { 'x-csrf': '1', origin: ORIGIN };
const GUEST = 'a55e55e0-0000-4000-8000-000000000007';
const COACH = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const POLICY = '90110000-0000-4000-8000-000000000002';
const UNIQUE_ID = '3141f000-0000-4000-8000-000000000001';
const MINI_KEY = 'mini-key-under-test';
const GUEST_RESULTS = {
  guest: {
    userName: 'Zuzana',
    userSurname: 'Kováčová',
    userEmail: 'zuzana.kovacova@tatrasoft.sk',
    userCompany: 'Tatrasoft s.r.o.',
    userOccupation: 'Head of Engineering',
    userGender: 'female',
    userDateOfBirth: '1986-04-12',
    completedAt: '2025-11-14T10:27:41Z',
    miniGuest: false,
    finalTPR: 5,
    userEnnea: 3,
    userTriType: '379',
    orderedTriType: '397',
    userInstinct: 'SO',
    comments: 'Debrief held on 18 November.',
    assessmentType: 'full',
    assessmentTypeName: 'Combined',
    reportLanguage: 'english',
  },
  reportContent: {
    sections: [
      { title: 'Introduction', content: '<p>Intro</p>' },
      { title: 'Your Maturity Stage', content: '<p>Stage</p>' },
      { title: 'Appendix A', content: '<p>A</p>' },
      { title: 'Appendix A', content: '<p>A again</p>' },
      { title: '—', content: '<p>Untitled</p>' },
    ],
  },
  onlyText: false,
  scores: {
    main: [38, 44, 91, 52, 35, 47, 63, 41, 56],
    lines: [30, 40, 85, 48, 32, 66, 58, 39, 71],
    wings: [35, 60, 88, 50, 30, 45, 55, 40, 52],
    s1: { min: [20, 25, 70, 30, 18, 28, 40, 22, 35], max: [55, 62, 98, 70, 50, 65, 80, 60, 75] },
    s3: { SP: 31, SO: 47, SX: 22 },
  },
  imfdata: { imfLevels: [{ name: 'Self-protecting', code: 'SE' }] },
  gresponses: [
    {
      SectionId: 2,
      QuestionNumber: 4,
      QuestionText: 'Describe a time when you had to change your mind.',
      RawTextResponse: 'When our team missed a release I first blamed the plan.',
      Positive: [
        { Context: 'then saw', Text: 'Recognises own part.' },
        { Context: 'changed the plan', Text: 'Acts on what was learnt.' },
      ],
      Neutral: [],
      Negative: [{ Context: 'I first blamed the plan', Text: 'Locates the cause outside the self.' }],
    },
  ],
  postsurvey: { QuestionOne: 'Two books.', QuestionTwo: '3', QuestionThree: 'SO', QuestionFour: 'Self-typed', QuestionFive: null },
};
const POLICY_DOCUMENT = {
  code: 'DPA-2025',
  content: '<h2>Data Processing Agreement</h2>',
  welcomeMessage: { beforeSigning: '<p>Please accept.</p>', afterSigning: '<p>Accepted.</p>' },
  ackMethod: 'click',
  extraFields: [],
  policyCoach: null,
};
const QUESTION = (text: string) => ({ question: text, options: { A: `${text} A`, B: `${text} B`, C: `${text} C` } });

let legacy: FaultUpstream;
let server: FastifyInstance;

async function start(env: Record<string, string> = {}) {
  server = buildServer(testConfig({ LEGACY_API_URL: legacy.url, UPSTREAM_TIMEOUT_MS: '1000', MINI_ACCESS_KEY: MINI_KEY, ...env }));
  await server.ready();
}
const inject = (options: InjectOptions & { url: string }) => injectChecked(server, options);
const get = (url: string, headers: Record<string, string> = {}) => inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = CSRF) => inject({ method: 'POST', url, headers, payload });
const sent = (path: string) => legacy.received.filter((request) => request.url.startsWith(path));

beforeEach(async () => {
  legacy = await startFaultUpstream();
});
afterEach(async () => {
  await server?.close();
  await legacy.close();
});

describe('guest report against the legacy stand-in', () => {
  const path = `/api/v2/guestresults/${GUEST}`;

  it('maps every part of the legacy results, sends the query and no browser cookie', async () => {
    await start();
    legacy.answer(`GET ${path}`, { status: 200, json: GUEST_RESULTS });
    const response = await get(`/api/public/reports/cp/${GUEST}?language=english&trifix=514&instinct=SP&version=text`, {
      cookie: 'other=1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      reportCode: 'cp',
      reportName: 'Combined+',
      person: { name: 'Zuzana', company: 'Tatrasoft s.r.o.', dateOfBirth: '1986-04-12', completedAt: '2025-11-14T10:27:41Z' },
      ennea: { type: 3, trifix: '379', instinct: 'SO' },
      orderedTrifix: '397',
      maturity: { stage: 5, code: 'IN', name: 'Internalising' },
      combinedIndex: 21,
      scores: {
        lines: expect.arrayContaining([{ style: 3, value: 85 }]),
        wings: expect.arrayContaining([{ style: 9, value: 52 }]),
        s1: expect.arrayContaining([{ style: 3, min: 70, max: 98 }]),
        s3: { SP: 31, SO: 47, SX: 22 },
      },
      maturityLevels: [{ name: 'Self-protecting', code: 'SE' }],
      textAnswers: [
        {
          sectionId: '2',
          questionNumber: 4,
          questionText: 'Describe a time when you had to change your mind.',
          rawTextResponse: 'When our team missed a release I first blamed the plan.',
          positive: [
            { context: 'then saw', text: 'Recognises own part.' },
            { context: 'changed the plan', text: 'Acts on what was learnt.' },
          ],
          neutral: [],
          negative: [{ context: 'I first blamed the plan', text: 'Locates the cause outside the self.' }],
        },
      ],
      postSurvey: { priorExperience: 'Two books.', enneagramType: '3', dominantInstinct: 'SO', howTyped: 'Self-typed', earlierTest: null },
      comments: 'Debrief held on 18 November.',
      // The legacy onlyText is what the answer is.
      textOnly: false,
    });
    expect(response.json().sections.map((section: { id: string }) => section.id)).toEqual([
      'introduction',
      'your-maturity-stage',
      'appendix-a',
      'appendix-a-2',
      'section-5',
    ]);
    const [call] = sent(path);
    const query = new URL(call?.url ?? '', legacy.url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      reportCode: 'cp',
      language: 'english',
      trifix: '514',
      instinct: 'SP',
      version: 'text',
    });
    expect(query.get('t')).toMatch(/^\d+$/);
    expect(call?.headers.cookie).toBeUndefined();
  });

  it('fills the defaults of a sparse answer (style 1, stage 3, trifix 125) and shows no survey', async () => {
    await start();
    legacy.answer(`GET ${path}`, {
      status: 200,
      json: { guest: { userName: 'Eva', userSurname: 'Horváth' }, reportContent: { sections: [{ title: 'Úvod', content: '<p>x</p>' }] } },
    });
    expect((await get(`/api/public/reports/c/${GUEST}`)).json()).toMatchObject({
      assessmentType: 'full',
      assessmentTypeName: 'Combined',
      ennea: { type: 1, trifix: '125' },
      orderedTrifix: '125',
      maturity: { stage: 3, code: 'SP' },
      combinedIndex: 3,
      scores: { main: [], lines: [], wings: [], s1: [], s3: null },
      postSurvey: null,
      person: { email: null, completedAt: null },
      sections: [{ id: 'uvod', title: 'Úvod' }],
    });
  });

  it.each([
    [
      'a legacy 400',
      { status: 400, json: { error: { info: 'The results for this report are not available yet.' } } } as CannedAnswer,
      400,
      'report_unavailable',
    ],
    [
      'an error inside a 200',
      { status: 200, json: { error: { info: 'No results were found for this report link.' } } } as CannedAnswer,
      400,
      'report_unavailable',
    ],
    [
      'a report without sections',
      { status: 200, json: { guest: {}, reportContent: { sections: [] } } } as CannedAnswer,
      502,
      'upstream_error',
    ],
    ['a 5xx', { status: 503, text: 'down' } as CannedAnswer, 502, 'upstream_error'],
    ['a reset', { fault: 'reset' } as CannedAnswer, 502, 'upstream_error'],
    ['a slow answer', { fault: 'slow', delayMs: 3_000 } as CannedAnswer, 504, 'upstream_timeout'],
  ])('answers %s', async (_, answer, status, code) => {
    await start();
    legacy.answer(`GET ${path}`, answer);
    const failed = await get(`/api/public/reports/e/${GUEST}`);
    expect(failed.json()).toMatchObject({ status, code });
    if (status === 400) expect(failed.json().detail).toBe((answer as { json: { error: { info: string } } }).json.error.info);
  });
});

describe('policy page against the legacy stand-in', () => {
  const path = `/api/v2/coaches/${COACH}/policy/${POLICY}`;
  const url = `/api/public/policies/${COACH}/${POLICY}/acknowledgements`;

  it('accepts a click policy with an empty body whatever was typed, then answers it accepted', async () => {
    await start();
    const accepted = {
      ...POLICY_DOCUMENT,
      policyCoach: {
        coachTypedName: null,
        coachTypedDate: null,
        coachSignedAt: '2025-11-21T12:32:05Z',
        coachSignedAtLocal: '2025-11-21 14:32',
      },
    };
    legacy.answer(`GET ${path}`, { status: 200, json: POLICY_DOCUMENT }, { status: 200, json: accepted });
    legacy.answer(`POST ${path}`, { status: 200, json: { success: true } });
    const response = await post(url, { typedName: 'ignored' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ackMethod: 'click',
      acknowledged: true,
      acknowledgement: { typedName: null, typedDate: null, signedAt: '2025-11-21T12:32:05Z', signedAtLocal: '2025-11-21 14:32' },
      provider: null,
    });
    const [call] = legacy.received.filter((request) => request.method === 'POST');
    expect(JSON.parse(call?.body ?? '')).toEqual({});
    expect(call?.headers['x-csrf']).toBeUndefined();
  });

  it.each([
    [
      'refused it with a text',
      { status: 400, json: { error: { info: 'This policy is no longer active.' } } } as CannedAnswer,
      400,
      'policy_ack_failed',
      'This policy is no longer active.',
    ],
    [
      'answered success false',
      { status: 200, json: { success: false } } as CannedAnswer,
      400,
      'policy_ack_failed',
      'There was an unexpected error',
    ],
    ['failed with a 5xx', { status: 500, text: 'oops' } as CannedAnswer, 502, 'upstream_error', 'There was an unexpected error'],
    ['was too slow', { fault: 'slow', delayMs: 3_000 } as CannedAnswer, 504, 'upstream_timeout', 'There was an unexpected error'],
  ])('answers an acknowledgement the legacy API %s', async (_, answer, status, code, detail) => {
    await start();
    legacy.answer(`GET ${path}`, { status: 200, json: POLICY_DOCUMENT });
    legacy.answer(`POST ${path}`, answer);
    expect((await post(url, {})).json()).toMatchObject({ status, code, detail });
  });

  it('maps a reset of the page read to 502', async () => {
    await start();
    legacy.answer(`GET ${path}`, { fault: 'reset' });
    expect((await get(`/api/public/policies/${COACH}/${POLICY}`)).json()).toMatchObject({ status: 502, code: 'upstream_error' });
  });
});

describe('mini-assessment against the legacy stand-in', () => {
  it('adds the configured access header, never the browser one, and keeps the texts for a few minutes', async () => {
    await start();
    legacy.answer('GET /mintor/initAssessment', {
      status: 200,
      json: { translations: { english: { continueButton: 'Continue' }, slovak: { continueButton: 'Pokračovať' } } },
    });
    const first = await get('/api/public/mini/translations', { 'x-mini-access': 'from-the-browser' });
    expect(first.json()).toEqual({
      languages: ['english', 'slovak', 'hungarian'],
      translations: { english: { continueButton: 'Continue' }, slovak: { continueButton: 'Pokračovať' }, hungarian: {} },
    });
    expect((await get('/api/public/mini/translations')).json()).toEqual(first.json());
    expect(sent('/mintor/initAssessment')).toHaveLength(1);
    expect(sent('/mintor/initAssessment')[0]?.headers['x-mini-access']).toBe(MINI_KEY);
  });

  it('sends the registration, the answers and the unique id as the legacy API names them', async () => {
    await start();
    legacy.answer('POST /mintor/startAssessment', {
      status: 200,
      json: { questions: { q1: QUESTION('One'), q2: QUESTION('Two'), q3: QUESTION('Three') }, uniqueId: UNIQUE_ID },
    });
    legacy.answer('POST /mintor/section1Completed', { status: 200, json: { questions: { q4: QUESTION('Four') } } });
    legacy.answer('POST /mintor/section2Completed', { status: 200, json: { enneaTitle: 'Style 2', resultText: '<p>Helper</p>' } });

    const started = await post(`/api/public/mini/${COACH}/assessments`, {
      language: 'slovak',
      name: 'Eva ',
      surname: 'Horváth',
      email: 'eva@example.sk',
    });
    expect(started.json()).toMatchObject({
      uniqueId: UNIQUE_ID,
      coach: { displayName: '' },
      questions: [
        {
          id: 'q1',
          text: 'One',
          options: [
            { key: 'A', text: 'One A' },
            { key: 'B', text: 'One B' },
            { key: 'C', text: 'One C' },
          ],
        },
        { id: 'q2' },
        { id: 'q3' },
      ],
    });
    expect(JSON.parse(sent('/mintor/startAssessment')[0]?.body ?? '')).toEqual({
      localLanguage: 'slovak',
      registrationData: { name: 'Eva', surname: 'Horváth', email: 'eva@example.sk' },
      service: 'mini',
      coachUUID: COACH,
    });
    const base = `/api/public/mini/assessments/${UNIQUE_ID}`;
    expect((await post(`${base}/section-1`, { answers: { q1: 'A', q2: 'B', q3: 'C' } })).json()).toMatchObject({
      questions: [{ id: 'q4', text: 'Four' }],
    });
    expect(JSON.parse(sent('/mintor/section1Completed')[0]?.body ?? '')).toEqual({
      responses: { q1: 'A', q2: 'B', q3: 'C' },
      uniqueId: UNIQUE_ID,
    });
    expect((await post(`${base}/section-2`, { answers: { q4: 'B' } })).json()).toEqual({
      enneaTitle: 'Style 2',
      resultText: '<p>Helper</p>',
      style: 2,
    });
    expect(JSON.parse(sent('/mintor/section2Completed')[0]?.body ?? '')).toEqual({ responses: { q4: 'B' }, uniqueId: UNIQUE_ID });
    for (const call of legacy.received) expect(call.headers['x-mini-access']).toBe(MINI_KEY);
  });

  it.each([
    ['an answer missing question 4', { status: 200, json: { questions: { q5: QUESTION('Five') } } } as CannedAnswer, 502, 'upstream_error'],
    ['a 5xx', { status: 502, text: 'bad gateway' } as CannedAnswer, 502, 'upstream_error'],
    ['a slow answer', { fault: 'slow', delayMs: 3_000 } as CannedAnswer, 504, 'upstream_timeout'],
  ])('answers section 1 when the legacy API gives %s', async (_, answer, status, code) => {
    await start();
    legacy.answer('POST /mintor/section1Completed', answer);
    const failed = await post(`/api/public/mini/assessments/${UNIQUE_ID}/section-1`, { answers: { q1: 'A', q2: 'B', q3: 'C' } });
    expect(failed.json()).toMatchObject({ status, code });
  });

  it('calls nothing and answers 502 when production has no access key', async () => {
    await start({ NODE_ENV: 'production', LEGACY_API_URL: legacy.url, ALLOWED_ORIGINS: 'https://portal.example', MINI_ACCESS_KEY: '' });
    const failed = await get('/api/public/mini/translations');
    expect(failed.json()).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(legacy.received).toHaveLength(0);
  });
});
