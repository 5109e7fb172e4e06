// The public guest report, policy and mini-assessment routes against the sandbox (the stateful legacy
// API with its seed). Every response is checked against openapi/bff.yaml by injectChecked.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../../sandbox/app.ts';
import { ENGLISH_ONLY, NO_RESULTS } from '../../../sandbox/handlers/guest-results.ts';
import { MINI_LINK_INVALID, MINI_NOT_FOUND } from '../../../sandbox/handlers/mintor.ts';
import { ALREADY_SIGNED, POLICY_NOT_FOUND } from '../../../sandbox/handlers/policy-page.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SEED_POLICY } from '../../../sandbox/seed/extras.ts';
import { seedStore } from '../../../sandbox/seed/seed.ts';
import type { AssessmentRecord } from '../../../sandbox/state/model.ts';
import type { Store } from '../../../sandbox/state/store.ts';
import { buildServer } from '../../app.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { testConfig } from '../../test-support/test-server.ts';

const ORIGIN = 'http://localhost:3000';
const CSRF = { 'x-csrf': '1', origin: ORIGIN };
const DEMO = SEED_COACHES.demo.uuid;
const UNKNOWN = 'a55e55e0-0000-4000-8000-0000000000ff';
const report = (code: string, guestId: string, query = '') => `/api/public/reports/${code}/${guestId}${query}`;
const policy = (coach: string, id: string) => `/api/public/policies/${coach}/${id}`;
const SIGNATURE = {
  typedName: 'Amara Botha',
  typedDate: '21 November 2025',
  extraFields: { practiceRegistrationNumber: 'PR-2019-04471', supervisorName: 'Dr Nomvula Dlamini' },
};

let store: Store;
let sandbox: FastifyInstance;
let sandboxUrl: string;
let server: FastifyInstance;

function calls(target: FastifyInstance) {
  const inject = (options: InjectOptions & { url: string }) => injectChecked(target, options);
  return {
    get: (url: string) => inject({ method: 'GET', url }),
    post: (url: string, payload?: object, headers: Record<string, string> = CSRF) => inject({ method: 'POST', url, headers, payload }),
  };
}
let api: ReturnType<typeof calls>;

function completed(type: AssessmentRecord['assessmentType']): AssessmentRecord {
  const found = [...store.assessments.values()].find(
    (record) =>
      record.assessmentType === type &&
      record.guestCompletedAt !== null &&
      (type === 'EIT' || record.userEnnea !== null) &&
      (type === 'ennea' || record.finalTPR !== null),
  );
  if (!found) throw new Error(`the seed has no completed ${type} assessment`);
  return found;
}

beforeAll(async () => {
  store = seedStore({ now: Date.now(), assessments: 60 });
  sandbox = await buildSandbox({ store });
  sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  // One BFF for the file: the state that matters lives in the sandbox.
  server = buildServer(testConfig({ LEGACY_API_URL: sandboxUrl, UPSTREAM_TIMEOUT_MS: '2000', RATE_LIMIT_PUBLIC_MISSES_MAX: '1000' }));
  await server.ready();
  api = calls(server);
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
});

describe('guest report viewer', () => {
  it('maps a Combined report: person, both results, the combined index, scores per style and titled sections', async () => {
    const assessment = completed('full');
    const response = await api.get(report('c', assessment.uuid));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const style = assessment.userEnnea ?? 0;
    const stage = assessment.finalTPR ?? 0;
    expect(body).toMatchObject({
      guestId: assessment.uuid,
      reportCode: 'c',
      reportName: 'Combined',
      assessmentType: 'full',
      assessmentTypeName: 'Combined',
      reportLanguage: 'english',
      languageOptions: [],
      textOnly: false,
      miniGuest: false,
      ennea: { type: style },
      maturity: { stage },
      combinedIndex: 8 * (style - 1) + stage,
    });
    const client = store.clients.get(assessment.clientUUID);
    expect(body.person).toMatchObject({ name: client?.name, surname: client?.surname, email: client?.email });
    expect(body.scores.main).toHaveLength(9);
    expect(body.scores.main[0]).toEqual({ style: 1, value: expect.any(Number) });
    expect(body.scores.s1[8]).toEqual({ style: 9, min: expect.any(Number), max: expect.any(Number) });
    expect(body.scores.s3).toEqual({ SP: expect.any(Number), SO: expect.any(Number), SX: expect.any(Number) });
    expect(body.maturityLevels).toHaveLength(8);
    expect(body.maturityLevels[0]).toEqual({ name: 'Self-protecting', code: 'SE' });
    expect(body.sections.map((section: { id: string }) => section.id)).toEqual([
      'introduction',
      'your-style',
      'trifix',
      'instincts',
      'maturity-stage',
      'combined-result',
      'appendix-a',
      'appendix-b',
      'appendix-c',
    ]);
    expect(body.sections[0]).toMatchObject({ title: 'Introduction', html: expect.stringContaining('<p>') });
  });

  it('passes the trifix, instinct and text-only choice, and shows an Enneagram report without maturity', async () => {
    const assessment = completed('ennea');
    const body = (await api.get(report('e', assessment.uuid, '?trifix=514&instinct=SX&version=text'))).json();
    expect(body).toMatchObject({ reportName: 'Enneagram', textOnly: true, orderedTrifix: '514', maturity: null, combinedIndex: null });
    expect(body.ennea).toMatchObject({ type: assessment.userEnnea, instinct: 'SX' });
    expect(body.maturityLevels).toEqual([]);
    expect(body.sections.find((section: { id: string }) => section.id === 'trifix').html).toContain('514');
  });

  it('answers report_unavailable with the legacy text', async () => {
    for (const [url, detail] of [
      [report('e', UNKNOWN), NO_RESULTS],
      [report('m', completed('full').uuid, '?language=hungarian'), ENGLISH_ONLY],
    ] as const) {
      const refused = await api.get(url);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'report_unavailable', detail });
    }
  });

  it('refuses a guest id that is not a uuid and an unknown report code', async () => {
    expect((await api.get(report('e', 'not-a-uuid'))).json()).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await api.get(report('x', UNKNOWN))).json()).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('coach policy page', () => {
  it('shows the unsigned policy with its extra fields and the provider signature', async () => {
    const page = await api.get(policy(DEMO, SEED_POLICY.uuid));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      policyUuid: SEED_POLICY.uuid,
      coachUuid: DEMO,
      code: 'COC-2025',
      ackMethod: 'sign',
      extraFields: [
        { name: 'practiceRegistrationNumber', caption: 'Practice registration number (if any)' },
        { name: 'supervisorName', caption: 'Name of your supervisor' },
      ],
      acknowledged: false,
      acknowledgement: null,
      provider: { typedName: 'Johan van der Merwe', signedAtLocal: '2025-10-01 09:00' },
    });
  });

  it('lists every missing field, the first deciding the code, before anything is sent', async () => {
    const url = `${policy(SEED_COACHES.peer.uuid, SEED_POLICY.uuid)}/acknowledgements`;
    const empty = await api.post(url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'typed_name_required',
      detail: 'Please type your name.',
      errors: [
        { field: 'typedName', message: 'Please type your name.' },
        { field: 'typedDate', message: 'Please type the date.' },
        { field: 'extraFields.supervisorName', message: 'Please fill in Name of your supervisor.' },
      ],
    });
    expect((await api.post(url, { ...SIGNATURE, typedDate: '  ' })).json()).toMatchObject({
      code: 'typed_date_required',
      errors: [{ field: 'typedDate', message: 'Please type the date.' }],
    });
    // '(if any)' in its caption: the registration number may stay empty.
    expect((await api.post(url, { ...SIGNATURE, extraFields: { supervisorName: '' } })).json()).toMatchObject({
      code: 'extra_field_required',
      errors: [{ field: 'extraFields.supervisorName', message: 'Please fill in Name of your supervisor.' }],
    });
    expect((await api.post(url, { ...SIGNATURE, extraFields: { practiceRegistrationNumber: 'PR-1' } })).json()).toMatchObject({
      code: 'extra_field_required',
      detail: 'Please fill in Name of your supervisor.',
    });
    expect((await api.post(url, { ...SIGNATURE, extraFields: { ...SIGNATURE.extraFields, other: 'x' } })).json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'extraFields.other', message: 'This policy has no field other.' }],
    });
    // spec §5 limits, from the contract: typed name 800, date 100, extra field 800.
    for (const tooLong of [
      { ...SIGNATURE, typedName: 'n'.repeat(801) },
      { ...SIGNATURE, typedDate: 'd'.repeat(101) },
      { ...SIGNATURE, extraFields: { ...SIGNATURE.extraFields, supervisorName: 's'.repeat(801) } },
    ]) {
      expect((await api.post(url, tooLong)).json()).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect((await api.get(policy(SEED_COACHES.peer.uuid, SEED_POLICY.uuid))).json()).toMatchObject({ acknowledged: false });
  });

  it('signs, answers the signed policy, and then shows the legacy refusal of a second signature', async () => {
    const url = `${policy(DEMO, SEED_POLICY.uuid)}/acknowledgements`;
    const signed = await api.post(url, { ...SIGNATURE, typedName: '  Amara Botha ' });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({
      acknowledged: true,
      acknowledgement: { typedName: 'Amara Botha', typedDate: '21 November 2025', signedAt: expect.any(String) },
    });
    expect(signed.json().acknowledgement.signedAtLocal).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await api.get(policy(DEMO, SEED_POLICY.uuid))).json()).toMatchObject({ acknowledged: true });
    expect((await api.post(url, SIGNATURE)).json()).toMatchObject({ status: 400, code: 'policy_ack_failed', detail: ALREADY_SIGNED });
  });

  it('answers policy_unavailable with the legacy text for a link it does not know', async () => {
    const unknown = await api.get(policy(DEMO, '90110000-0000-4000-8000-0000000000ff'));
    expect(unknown.json()).toMatchObject({ status: 400, code: 'policy_unavailable', detail: POLICY_NOT_FOUND });
    expect((await api.post(`${policy(DEMO, '90110000-0000-4000-8000-0000000000ff')}/acknowledgements`, SIGNATURE)).json()).toMatchObject({
      code: 'policy_unavailable',
    });
  });

  it('refuses an acknowledgement without the CSRF header', async () => {
    const refused = await api.post(`${policy(DEMO, SEED_POLICY.uuid)}/acknowledgements`, SIGNATURE, { origin: ORIGIN });
    expect(refused.json()).toMatchObject({ status: 403, code: 'csrf_required' });
  });
});

describe('mini-assessment', () => {
  const start = (coach: string, payload: object) => api.post(`/api/public/mini/${coach}/assessments`, payload);
  const REGISTRATION = { language: 'hungarian', name: 'Eszter', surname: 'Szabó', email: 'eszter.szabo@example.hu' };

  it('runs from the texts to the result, and the guest then has an Enneagram report with the language switcher', async () => {
    const texts = await api.get('/api/public/mini/translations');
    expect(texts.statusCode).toBe(200);
    expect(texts.json().languages).toEqual(['english', 'slovak', 'hungarian']);
    expect(Object.keys(texts.json().translations)).toEqual(['english', 'slovak', 'hungarian']);

    const started = await start(DEMO, { ...REGISTRATION, name: ' Eszter ' });
    expect(started.statusCode).toBe(201);
    const { uniqueId, coach, questions } = started.json();
    expect(coach.displayName).not.toBe('');
    expect(questions.map((question: { id: string }) => question.id)).toEqual(['q1', 'q2', 'q3']);
    expect(questions[0].options.map((option: { key: string }) => option.key)).toEqual(['A', 'B', 'C']);
    expect(store.miniAssessments.get(uniqueId)).toMatchObject({ name: 'Eszter', localLanguage: 'hungarian' });

    const base = `/api/public/mini/assessments/${uniqueId}`;
    const early = await api.post(`${base}/section-2`, { answers: { q4: 'A' } });
    expect(early.json()).toMatchObject({ status: 400, code: 'mini_assessment_failed', title: 'An error has occurred' });
    const section1 = await api.post(`${base}/section-1`, { answers: { q1: 'C', q2: 'C', q3: 'A' } });
    expect(section1.json().questions.map((question: { id: string }) => question.id)).toEqual(['q4']);
    const result = await api.post(`${base}/section-2`, { answers: { q4: 'C' } });
    expect(result.statusCode).toBe(200);
    // Head centre (q1 C), its third style (q2 C): style 7, which the title names and the answer passes on.
    expect(result.json()).toEqual({ enneaTitle: expect.stringContaining('7'), resultText: expect.any(String), style: 7 });

    const guest = await api.get(report('e', uniqueId, '?language=slovak'));
    expect(guest.json()).toMatchObject({
      miniGuest: true,
      reportLanguage: 'slovak',
      languageOptions: ['english', 'slovak', 'hungarian'],
      person: { name: 'Eszter', surname: 'Szabó' },
    });
  });

  it.each([
    ['a missing name', { ...REGISTRATION, name: undefined }, 'missing_details', 'Please provide all details.'],
    ['a blank surname', { ...REGISTRATION, surname: ' ' }, 'missing_details', 'Please provide all details.'],
    ['an e-mail without a dot', { ...REGISTRATION, email: 'eszter@example' }, 'invalid_email', 'Please provide a valid email address.'],
    [
      'a language it does not offer',
      { ...REGISTRATION, language: 'german' },
      'validation_failed',
      'The language is not one of the choices.',
    ],
  ])('refuses %s', async (_, payload, code, detail) => {
    expect((await start(DEMO, payload)).json()).toMatchObject({ status: 400, code, detail });
  });

  it('shows the legacy refusal of a coach without mini-assessments and of an unknown assessment', async () => {
    expect((await start(SEED_COACHES.blocked.uuid, REGISTRATION)).json()).toMatchObject({
      status: 400,
      code: 'mini_assessment_failed',
      detail: MINI_LINK_INVALID,
    });
    const unknown = await api.post(`/api/public/mini/assessments/${UNKNOWN}/section-1`, { answers: { q1: 'A', q2: 'B', q3: 'C' } });
    expect(unknown.json()).toMatchObject({ code: 'mini_assessment_failed', detail: MINI_NOT_FOUND });
  });

  it('refuses an answer that is not A, B or C, and a call without the CSRF header', async () => {
    const bad = await api.post(`/api/public/mini/assessments/${UNKNOWN}/section-1`, { answers: { q1: 'D', q2: 'B', q3: 'C' } });
    expect(bad.json()).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await api.post(`/api/public/mini/${DEMO}/assessments`, REGISTRATION, { origin: ORIGIN })).json()).toMatchObject({
      status: 403,
      code: 'csrf_required',
    });
  });
});

describe('public rate limits', () => {
  it('let a guest click through a report many times a minute, and an office share one address', async () => {
    const assessment = completed('ennea');
    for (let view = 0; view < 60; view++) expect((await api.get(report('e', assessment.uuid))).statusCode).toBe(200);
    for (let view = 0; view < 30; view++) expect((await api.get('/api/public/mini/translations')).statusCode).toBe(200);
  });

  it('stop an address whose links keep missing, whatever page it then asks for', async () => {
    const limited = buildServer(testConfig({ LEGACY_API_URL: sandboxUrl, RATE_LIMIT_PUBLIC_MISSES_MAX: '3' }));
    try {
      const { get } = calls(limited);
      expect((await get(report('e', UNKNOWN))).statusCode).toBeGreaterThanOrEqual(400);
      expect((await get(policy(DEMO, UNKNOWN))).statusCode).toBeGreaterThanOrEqual(400);
      // A found page is not a miss.
      expect((await get(report('e', completed('ennea').uuid))).statusCode).toBe(200);
      expect((await get(report('e', UNKNOWN))).statusCode).toBeGreaterThanOrEqual(400);
      const stopped = await get(policy(DEMO, SEED_POLICY.uuid));
      expect(stopped.statusCode).toBe(429);
      expect(stopped.json()).toMatchObject({ code: 'rate_limited' });
      expect(stopped.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      const other = await injectChecked(limited, { method: 'GET', url: policy(DEMO, SEED_POLICY.uuid), remoteAddress: '192.0.2.44' });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('count only ids that are unknown or malformed: a known report not ready yet, or a form filled wrongly, is no guess', async () => {
    const limited = buildServer(testConfig({ LEGACY_API_URL: sandboxUrl, RATE_LIMIT_PUBLIC_MISSES_MAX: '3' }));
    try {
      const { get, post } = calls(limited);
      const enneaOnly = [...store.assessments.values()].find(
        (record) =>
          record.assessmentType === 'ennea' && record.guestCompletedAt !== null && record.userEnnea !== null && record.finalTPR === null,
      );
      if (!enneaOnly) throw new Error('the seed has no completed Enneagram assessment without a maturity stage');
      for (let attempt = 0; attempt < 4; attempt++) {
        // 'The Maturity result is waiting for marking.', 'The Combined report needs both …': the guest's own link.
        expect((await get(report('m', enneaOnly.uuid))).json()).toMatchObject({ code: 'report_unavailable' });
        expect((await get(report('c', enneaOnly.uuid))).json()).toMatchObject({ code: 'report_unavailable' });
        expect((await post(`${policy(SEED_COACHES.peer.uuid, SEED_POLICY.uuid)}/acknowledgements`, {})).json()).toMatchObject({
          code: 'typed_name_required',
        });
        const wrongEmail = { language: 'english', name: 'Eszter', surname: 'Szabó', email: 'eszter@nodot' };
        expect((await post(`/api/public/mini/${DEMO}/assessments`, wrongEmail)).json()).toMatchObject({ code: 'invalid_email' });
      }
      expect((await get(report('e', enneaOnly.uuid))).statusCode).toBe(200);
      expect((await get(policy(DEMO, SEED_POLICY.uuid))).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('say in the refusal the wait that Retry-After gives', async () => {
    const limited = buildServer(testConfig({ LEGACY_API_URL: sandboxUrl, RATE_LIMIT_PUBLIC_MISSES_MAX: '3' }));
    try {
      const { get } = calls(limited);
      expect((await get(report('e', UNKNOWN))).json()).toMatchObject({ code: 'report_unavailable', detail: NO_RESULTS });
      expect((await get(report('e', 'not-a-uuid'))).json()).toMatchObject({ code: 'validation_failed' });
      expect((await get(policy(DEMO, UNKNOWN))).json()).toMatchObject({ code: 'policy_unavailable' });
      const stopped = await get(report('e', completed('ennea').uuid));
      expect(stopped.statusCode).toBe(429);
      // The misses are counted over 10 minutes: the wait is about that long, and the text says so.
      const retryAfter = Number(stopped.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(9 * 60);
      expect(stopped.json()).toMatchObject({
        code: 'rate_limited',
        detail: `Too many attempts. Please wait ${Math.ceil(retryAfter / 60)} minutes and try again.`,
      });
    } finally {
      await limited.close();
    }
  });
});
