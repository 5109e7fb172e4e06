import { describe, expect, it } from 'vitest';
import { SANDBOX_NOTICE } from './pdf.ts';
import { reportHtml } from './report-html.ts';
import { reportHtmlPage } from './report-pdf.ts';

describe('reportHtml', () => {
  it('writes a self-contained page with escaped title, sections and the sandbox notice', () => {
    const html = reportHtml({ title: 'Report <A & B>', subtitle: 'Generated', sections: [{ heading: 'Results', lines: ['Style "8"'] }] });
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Report &lt;A &amp; B&gt;</title>');
    expect(html).toContain('<section><h2>Results</h2><p>Style &quot;8&quot;</p></section>');
    expect(html).toContain(SANDBOX_NOTICE);
  });

  it('renders an assessment report with the PDF sections', () => {
    const html = reportHtmlPage({
      code: 'imf',
      assessment: {
        clientName: 'Zuzana',
        clientSurname: 'Kovacova',
        assessmentType: 'EIT',
        guestCompletedAt: '2025-10-02 09:00:00',
        userEnnea: null,
        userTriType: null,
        orderedTriType: null,
        userInstinct: null,
        scoreSP: null,
        scoreSO: null,
        scoreSX: null,
        finalTPR: 6,
      },
      coachName: 'Amara Botha',
      createdAt: new Date('2025-11-21T10:00:00Z'),
    });
    expect(html).toContain('<h1>Maturity Report - Zuzana Kovacova</h1>');
    expect(html).toContain('<p>Maturity stage: 6 of 8, Strategising (ST)</p>');
  });
});
