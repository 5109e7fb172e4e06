import { describe, expect, it } from 'vitest';
import { schemaViolations } from '../test-support/contract-shapes.ts';
import { availableReports, offeredOf, reportFileName } from './report-availability.ts';

const COMPLETE = '2025-11-01 09:00:00';
const base = { marked: 0, guestCompletedAt: COMPLETE, userInstinct: null, finalTPR: null } as const;

describe('availableReports (contract AvailableReports; spec assessments-and-clients §4.5)', () => {
  it.each([
    ['complete Enneagram', { ...base, assessmentType: 'ennea', marked: 1 }, ['enneaOverview', 'clientSummary', 'basic'], []],
    ['unmarked IMf', { ...base, assessmentType: 'EIT' }, [], ['imfCoG', 'imf']],
    ['marked IMf', { ...base, assessmentType: 'EIT', marked: 1 }, ['imfCoG', 'imf'], []],
    ['unmarked Full', { ...base, assessmentType: 'full' }, [], ['imfCoG', 'imf', 'foundation', 'extended']],
    [
      'marked Full',
      { ...base, assessmentType: 'full', marked: 1 },
      ['enneaOverview', 'clientSummary', 'basic', 'foundation', 'extended', 'imfCoG', 'imf'],
      [],
    ],
    ['incomplete', { ...base, assessmentType: 'full', marked: 1, guestCompletedAt: null }, [], []],
  ] as const)('%s', (_, assessment, pdf, awaitingMarking) => {
    const reports = availableReports(assessment);
    expect(reports).toEqual({ pdf, html: [], awaitingMarking });
    expect(schemaViolations('AvailableReports', reports)).toEqual([]);
  });

  it('lists HTML reports by instinct and maturity stage', () => {
    const full = { ...base, assessmentType: 'full', marked: 1 } as const;
    expect(availableReports({ ...full, userInstinct: 'SO' }).html).toEqual(['basic']);
    expect(availableReports({ ...full, finalTPR: 4 }).html).toEqual(['imf']);
    expect(availableReports({ ...full, userInstinct: 'SX', finalTPR: 5 }).html).toEqual(['basic', 'imf', 'foundation', 'extended']);
    expect(availableReports({ ...full, userInstinct: 'SX', finalTPR: 5, guestCompletedAt: null }).html).toEqual([]);
  });

  it('keeps the chosen reports an assessment offers, in the order chosen', () => {
    const ennea = { ...base, assessmentType: 'ennea', marked: 1 } as const;
    expect(offeredOf(ennea, ['imf', 'basic', 'enneaOverview'])).toEqual(['basic', 'enneaOverview']);
    expect(offeredOf({ ...ennea, guestCompletedAt: null }, ['basic'])).toEqual([]);
  });

  it('names the file `{surname} {name} - {report name}.pdf`', () => {
    expect(reportFileName({ clientName: 'Zuzana', clientSurname: 'Kováčová' }, 'foundation')).toBe('Kováčová Zuzana - Combined Report.pdf');
  });
});
