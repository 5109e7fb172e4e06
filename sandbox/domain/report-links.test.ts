import { describe, expect, it } from 'vitest';
import { assessmentLink, pairReportLinks, reportEmailLinks, reportPdfUrl, reportViewerUrl } from './report-links.ts';

const host = 'https://legacy.coachportal.test/';
const a = { uuid: 'a55e55e0-0000-4000-8000-000000000007', coachUUID: '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f' };

describe('report links', () => {
  it('builds the assessment link', () => {
    expect(assessmentLink(host, 'tok 1')).toBe('https://legacy.coachportal.test/register/token?userToken=tok%201');
  });

  it('builds viewer URLs with the published codes', () => {
    expect(reportViewerUrl(host, 'foundation', a)).toBe(`https://legacy.coachportal.test/coachportal/reports/c/${a.uuid}`);
    expect(reportViewerUrl(host, 'basic', a, 'hungarian')).toBe(
      `https://legacy.coachportal.test/coachportal/reports/e/${a.uuid}?language=hungarian`,
    );
    expect(reportViewerUrl(host, 'enneaOverview', a)).toBeNull();
  });

  it('falls back to the PDF for reports without a viewer', () => {
    expect(reportPdfUrl(host, 'imfCoG', a)).toBe(
      `https://legacy.coachportal.test/publish/reports/coach/imfCoG/${a.coachUUID}/${a.uuid}?pdf=1`,
    );
    expect(reportEmailLinks(host, a, ['extended', 'clientSummary'])).toEqual([
      { name: 'Combined+ Report', url: `https://legacy.coachportal.test/coachportal/reports/cp/${a.uuid}` },
      {
        name: 'Enneagram Overview',
        url: `https://legacy.coachportal.test/publish/reports/coach/clientSummary/${a.coachUUID}/${a.uuid}?pdf=1`,
      },
    ]);
  });

  it('links the pair report as HTML and PDF', () => {
    expect(pairReportLinks(host, 'c0091e00').map((link) => link.url)).toEqual([
      'https://legacy.coachportal.test/publish/reports/pair/c0091e00',
      'https://legacy.coachportal.test/publish/reports/pair/c0091e00?pdf=1',
    ]);
  });
});
