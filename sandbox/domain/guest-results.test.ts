import { describe, expect, it } from 'vitest';
import { buildGuestResults, guestReportProblem } from './guest-results.ts';

const zuzana = {
  clientName: 'Zuzana',
  clientSurname: 'Kovacova',
  clientEmail: 'zuzana@example.test',
  clientCompany: 'Karoo Logistics',
  assessmentType: 'full' as const,
  guestCompletedAt: '2025-10-02 09:00:00',
  finalTPR: 4,
  userEnnea: 8,
  userTriType: '378',
  orderedTriType: '837',
  userInstinct: 'SX' as const,
  scoreSP: 40,
  scoreSO: 20,
  scoreSX: 80,
  enneaRankingCSV: '8,3,7,9,2,5,1,4,6',
  assessmentLanguage: 'english' as const,
};

describe('buildGuestResults (spec public-and-guest §2, §3)', () => {
  it('builds the Enneagram report with scores by rank', () => {
    const results = buildGuestResults(zuzana, 'e');
    expect(results.error).toBeUndefined();
    expect(results.guest).toMatchObject({
      userName: 'Zuzana',
      userEnnea: 8,
      orderedTriType: '837',
      userInstinct: 'SX',
      assessmentTypeName: 'Combined',
    });
    expect(results.scores?.main?.[7]).toBe(90);
    expect(results.scores?.main?.[2]).toBe(80);
    expect(results.scores?.main?.[5]).toBe(10);
    expect(results.scores?.s3).toEqual({ SP: 40, SO: 20, SX: 80 });
    expect(results.enneainfo).toEqual({ type: 8, name: 'The strong protector', centre: 'gut' });
    expect(results.levels).toBeUndefined();
    expect(results.reportContent?.sections?.map((s) => s.title)).toEqual([
      'Introduction',
      'Your Style',
      'Trifix',
      'Instincts',
      'Appendix A',
      'Appendix B',
      'Appendix C',
    ]);
  });

  it('builds the Maturity report with stage levels peaking at the stage', () => {
    const results = buildGuestResults(zuzana, 'm');
    expect(results.scores).toBeUndefined();
    expect(results.levels).toHaveLength(8);
    expect(results.levels?.[3]).toEqual({ code: 'PE', value: 100 });
    expect(results.levels?.[0]).toEqual({ code: 'SE', value: 25 });
    expect(results.imfdata?.imfLevels?.[7]).toEqual({ code: 'BE', name: 'Being' });
  });

  it('builds Combined and Combined+ with both parts', () => {
    const c = buildGuestResults(zuzana, 'c');
    const cp = buildGuestResults(zuzana, 'cp');
    expect(c.reportContent?.sections?.map((s) => s.title)).toContain('Combined Result');
    expect(c.reportContent?.sections?.find((s) => s.title === 'Combined Result')?.content).toBe(
      '<p>Result 60 of 72: style 8 at Performing.</p>',
    );
    expect(cp.reportContent?.sections?.map((s) => s.title)).toContain('Development Path');
    expect(c.scores && c.levels).toBeTruthy();
  });

  it('honours the trifix, instinct, language and text-only query', () => {
    const results = buildGuestResults(zuzana, 'e', { trifix: '379', instinct: 'SO', language: 'hungarian', version: 'text' });
    expect(results.guest).toMatchObject({ orderedTriType: '379', userInstinct: 'SO', reportLanguage: 'hungarian' });
    expect(results.onlyText).toBe(true);
  });

  it('answers with an error when the report cannot be shown', () => {
    expect(buildGuestResults({ ...zuzana, guestCompletedAt: null }, 'e')).toEqual({
      error: { info: 'This assessment has not been completed yet.' },
    });
    expect(guestReportProblem({ ...zuzana, finalTPR: null }, 'm')).toBe('The Maturity result is waiting for marking.');
    expect(guestReportProblem({ ...zuzana, userEnnea: null }, 'e')).toBe('There is no Enneagram result for this assessment.');
    expect(guestReportProblem({ ...zuzana, finalTPR: null }, 'cp')).toBe(
      'The Combined report needs both the Enneagram and the Maturity result.',
    );
  });
});
