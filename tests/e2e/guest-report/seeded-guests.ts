// Guests for the report viewer's tests. The seeded assessments' ids come from the sandbox's
// fixed-seed PRNG, so they are read from the running sandbox (the legacy API, as the demo coach);
// a mini-assessment guest is made fresh through the BFF's public mini-assessment API.
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { type APIRequestContext, csrfHeaders, expect, PASSWORD, request as playwrightRequest, stackUrls } from '../support/fixtures.ts';

export type ReportCode = 'e' | 'm' | 'c' | 'cp';

interface LegacyAssessment {
  uuid: string;
  assessmentType: 'ennea' | 'EIT' | 'full';
  guestCompletedAt: string | null;
  userEnnea: number | null;
  finalTPR: number | null;
}

// Which completed assessment has which report (sandbox/domain/guest-results.ts guestReportProblem).
const HAS_REPORT: Readonly<Record<ReportCode, (assessment: LegacyAssessment) => boolean>> = {
  e: (a) => a.assessmentType === 'ennea' && a.userEnnea !== null,
  m: (a) => a.assessmentType === 'EIT' && a.finalTPR !== null,
  c: (a) => a.assessmentType === 'full' && a.userEnnea !== null && a.finalTPR !== null,
  cp: (a) => a.assessmentType === 'full' && a.userEnnea !== null && a.finalTPR !== null,
};

/** One completed assessment of the demo coach per report code. */
export async function seededGuests(): Promise<Record<ReportCode, string>> {
  const legacy = await playwrightRequest.newContext({ baseURL: stackUrls().sandboxUrl });
  try {
    const login = await legacy.post('/api/v2/login', { data: { email: SEED_COACHES.demo.email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    const listed = await legacy.get(`/api/v2/coaches/${SEED_COACHES.demo.uuid}/tokensX`);
    expect(listed.status()).toBe(200);
    const assessments = ((await listed.json()) as LegacyAssessment[]).filter((a) => a.guestCompletedAt !== null);
    const pick = (code: ReportCode): string => {
      const found = assessments.find(HAS_REPORT[code]);
      if (!found) throw new Error(`the seed has no demo assessment with a ${code} report`);
      return found.uuid;
    };
    return { e: pick('e'), m: pick('m'), c: pick('c'), cp: pick('cp') };
  } finally {
    await legacy.dispose();
  }
}

/** A new mini-assessment guest of the demo coach, taken to its result through the BFF. */
export async function newMiniGuest(api: APIRequestContext): Promise<string> {
  const headers = csrfHeaders();
  const started = await api.post(`/api/public/mini/${SEED_COACHES.demo.uuid}/assessments`, {
    headers,
    data: { language: 'slovak', name: 'Jana', surname: 'Horváthová', email: 'jana.horvathova@example.sk' },
  });
  expect(started.status()).toBe(201);
  const { uniqueId } = (await started.json()) as { uniqueId: string };
  const section1 = await api.post(`/api/public/mini/assessments/${uniqueId}/section-1`, {
    headers,
    data: { answers: { q1: 'A', q2: 'B', q3: 'C' } },
  });
  expect(section1.status()).toBe(200);
  const section2 = await api.post(`/api/public/mini/assessments/${uniqueId}/section-2`, { headers, data: { answers: { q4: 'A' } } });
  expect(section2.status()).toBe(200);
  return uniqueId;
}
