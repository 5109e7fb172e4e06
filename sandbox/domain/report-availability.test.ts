import { describe, expect, it } from 'vitest';
import {
  htmlReports,
  isReportAvailable,
  REPORT_CODES,
  REPORT_NAMES,
  reportAvailability,
  reportUnavailableReason,
} from './report-availability.ts';

const done = '2025-10-01 10:00:00';

describe('reportAvailability (spec assessments-and-clients §4.5)', () => {
  it('lists the seven report codes with their names', () => {
    expect(REPORT_CODES).toEqual(['enneaOverview', 'clientSummary', 'basic', 'foundation', 'extended', 'imfCoG', 'imf']);
    expect(REPORT_NAMES.extended).toBe('Combined+ Report');
    expect(REPORT_NAMES.imfCoG).toBe('Maturity Overview');
  });

  it('offers nothing before the assessment is complete', () => {
    for (const assessmentType of ['ennea', 'EIT', 'full'] as const) {
      expect(reportAvailability({ assessmentType, marked: 0, guestCompletedAt: null })).toEqual({ available: [], waitingForMarking: [] });
    }
  });

  it('gives an Enneagram assessment all but the Maturity and combined reports', () => {
    expect(reportAvailability({ assessmentType: 'ennea', marked: 1, guestCompletedAt: done })).toEqual({
      available: ['enneaOverview', 'clientSummary', 'basic'],
      waitingForMarking: [],
    });
  });

  it('keeps Maturity reports of an unmarked IMf waiting for marking', () => {
    expect(reportAvailability({ assessmentType: 'EIT', marked: 0, guestCompletedAt: done })).toEqual({
      available: [],
      waitingForMarking: ['imfCoG', 'imf'],
    });
  });

  it('gives a marked IMf only the Maturity reports', () => {
    expect(reportAvailability({ assessmentType: 'EIT', marked: 1, guestCompletedAt: done }).available).toEqual(['imfCoG', 'imf']);
  });

  it('keeps Maturity and combined reports of an unmarked Full waiting, Enneagram ones available', () => {
    expect(reportAvailability({ assessmentType: 'full', marked: 0, guestCompletedAt: done })).toEqual({
      available: ['enneaOverview', 'clientSummary', 'basic'],
      waitingForMarking: ['imfCoG', 'imf', 'foundation', 'extended'],
    });
  });

  it('gives a marked Full every report', () => {
    expect(reportAvailability({ assessmentType: 'full', marked: 1, guestCompletedAt: done }).available).toEqual(REPORT_CODES);
  });

  it('answers single codes', () => {
    expect(isReportAvailable({ assessmentType: 'ennea', marked: 1, guestCompletedAt: done }, 'basic')).toBe(true);
    expect(isReportAvailable({ assessmentType: 'ennea', marked: 1, guestCompletedAt: done }, 'imf')).toBe(false);
  });

  it('explains why a report cannot be produced', () => {
    const base = { clientName: 'Zuzana' };
    expect(reportUnavailableReason({ ...base, assessmentType: 'ennea', marked: 1, guestCompletedAt: done }, 'basic')).toBeNull();
    expect(reportUnavailableReason({ ...base, assessmentType: 'ennea', marked: 0, guestCompletedAt: null }, 'basic')).toBe(
      "The Enneagram Report is not available: Zuzana's assessment is not complete.",
    );
    expect(reportUnavailableReason({ ...base, assessmentType: 'full', marked: 0, guestCompletedAt: done }, 'foundation')).toBe(
      'The Combined Report is waiting for marking.',
    );
    expect(reportUnavailableReason({ ...base, assessmentType: 'EIT', marked: 1, guestCompletedAt: done }, 'basic')).toBe(
      'The Enneagram Report is not applicable to this assessment.',
    );
  });
});

describe('htmlReports (spec assessments-and-clients §4.5 "HTML reports")', () => {
  it('offers nothing without instinct or stage', () => {
    expect(htmlReports({ userInstinct: null, finalTPR: null, assessmentLanguage: 'english' })).toEqual([]);
  });

  it('offers basic when the instinct is present', () => {
    expect(htmlReports({ userInstinct: 'SP', finalTPR: null, assessmentLanguage: 'english' })).toEqual([
      { code: 'basic', language: 'english' },
    ]);
  });

  it('adds the language variant of basic where one exists', () => {
    expect(htmlReports({ userInstinct: 'SO', finalTPR: null, assessmentLanguage: 'hungarian' })).toEqual([
      { code: 'basic', language: 'english' },
      { code: 'basic', language: 'hungarian' },
    ]);
    expect(htmlReports({ userInstinct: 'SO', finalTPR: null, assessmentLanguage: 'zulu' })).toEqual([
      { code: 'basic', language: 'english' },
    ]);
  });

  it('offers imf when finalTPR is set', () => {
    expect(htmlReports({ userInstinct: null, finalTPR: 4, assessmentLanguage: 'english' })).toEqual([{ code: 'imf', language: 'english' }]);
  });

  it('offers foundation and extended when both are present', () => {
    expect(htmlReports({ userInstinct: 'SX', finalTPR: 5, assessmentLanguage: 'english' }).map((link) => link.code)).toEqual([
      'basic',
      'imf',
      'foundation',
      'extended',
    ]);
  });
});
