// /reports/{segment}: a report code opens its studio (a report viewer's code its report's), anything else is a guest id.
import { describe, expect, it } from 'vitest';
import { isReportCode, studioCodeOf } from './report-codes.ts';

describe('report codes in /reports/{segment}', () => {
  it("opens each report's studio, a report viewer's code its report's", () => {
    for (const code of ['enneaOverview', 'clientSummary', 'basic', 'foundation', 'extended', 'imfCoG', 'imf'])
      expect(studioCodeOf(code)).toBe(code);
    expect(['e', 'm', 'c', 'cp'].map(studioCodeOf)).toEqual(['basic', 'imf', 'foundation', 'extended']);
  });

  it('leaves a guest id, or any other segment, to the guest report', () => {
    for (const segment of ['a55e55e0-0000-4000-8000-000000000001', 'not-a-report', 'toString', 'constructor', '']) {
      expect(isReportCode(segment)).toBe(false);
      expect(studioCodeOf(segment)).toBeNull();
    }
  });
});
