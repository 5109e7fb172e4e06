import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

describe('guest results (spec public-and-guest §2 "Guest report viewer", §3)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const results = async (guestId: string, query: string) =>
    (await injectLegacy(sandbox.app, { method: 'GET', url: `/api/v2/guestresults/${guestId}?${query}` })).json();
  const scored = (type: 'ennea' | 'EIT' | 'full') => {
    const found = ownAssessments(sandbox.store, SEED_COACHES.demo.uuid).find(
      (a) => a.assessmentType === type && a.guestCompletedAt !== null && (type === 'ennea' || a.finalTPR !== null),
    );
    if (!found) throw new Error(`no scored ${type} assessment`);
    return found;
  };

  it('answers the Enneagram report with scores, a chosen language and a trifix and instinct to show', async () => {
    const assessment = scored('ennea');
    const answer = await results(assessment.uuid, 'reportCode=e&language=slovak&trifix=258&instinct=SO');
    expect(answer.guest).toMatchObject({
      userEnnea: assessment.userEnnea,
      orderedTriType: '258',
      userInstinct: 'SO',
      reportLanguage: 'slovak',
    });
    expect(answer.scores.main).toHaveLength(9);
    expect(answer.onlyText).toBe(false);
  });

  it('answers the Maturity, Combined and Combined+ reports, and the text-only version', async () => {
    expect((await results(scored('EIT').uuid, 'reportCode=m')).levels).toHaveLength(8);
    const combined = await results(scored('full').uuid, 'reportCode=c&version=text');
    expect(combined.onlyText).toBe(true);
    const plus = await results(scored('full').uuid, 'reportCode=cp');
    expect(plus.reportContent.sections.length).toBeGreaterThan(combined.reportContent.sections.length);
  });

  it('answers an error for a report the assessment cannot have, another language, or an unknown link', async () => {
    expect((await results(scored('ennea').uuid, 'reportCode=m')).error.info).toBeTruthy();
    expect((await results(scored('full').uuid, 'reportCode=c&language=italian')).error.info).toBe(
      'This report is available in English only.',
    );
    expect((await results('00000000-0000-4000-8000-000000000000', 'reportCode=e')).error.info).toBe(
      'No results were found for this report link.',
    );
  });

  it('answers a mini-assessment guest’s Enneagram report', async () => {
    const mini = [...sandbox.store.miniAssessments.values()].find((m) => m.section2CompletedAt !== null);
    const answer = await results(mini?.uniqueId ?? '', 'reportCode=e&language=hungarian');
    expect(answer.guest).toMatchObject({ miniGuest: true, userEnnea: mini?.ennea, orderedTriType: mini?.trifix });
    expect(answer.reportContent?.sections?.map((section: { title: string }) => section.title)).toEqual([
      'Introduction',
      'Your Style',
      'Growth',
      'Next Steps',
    ]);
    expect((await results(mini?.uniqueId ?? '', 'reportCode=c')).error.info).toBe('A mini-assessment has only the Enneagram report.');
  });
});
