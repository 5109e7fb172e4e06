import { describe, expect, it } from 'vitest';
import { pairReportFileName, pairReportPdf } from './pair-report.ts';
import { pdfPageCount, pdfText } from './read-back.ts';

const couple = {
  info: 'Sipho Ndlovu & Naledi Khumalo',
  coupleType: 'Workplace' as const,
  company: 'Karoo Logistics',
  project: 'Leadership Pipeline 2025',
  assessments: [
    {
      uuid: 'a',
      clientName: 'Sipho',
      clientSurname: 'Ndlovu',
      clientEmail: 's@x.test',
      scoreIMF: 'Performing (PE)',
      userEnnea: 3,
      userTriType: '369',
      userInstinct: 'SO' as const,
    },
    { uuid: 'b', clientName: 'Naledi', clientSurname: 'Khumalo', clientEmail: 'n@x.test', scoreIMF: null, userEnnea: null },
  ],
};

describe('pairReportPdf', () => {
  it('writes a one-page PDF naming both clients and their results', async () => {
    const pdf = await pairReportPdf(couple, new Date('2025-11-21T10:00:00Z'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('Colleagues Pair Report - Sipho Ndlovu & Naledi Khumalo');
    expect(text).toContain('Sipho Ndlovu: Enneagram 3 (trifix 369), instinct SO, Maturity Performing (PE)');
    expect(text).toContain('Naledi Khumalo: no results yet');
  });

  it('names the file by type', () => {
    expect(pairReportFileName({ coupleType: 'Romance', info: 'Ann Lee & Ben Roe' })).toBe('Couples Pair Report - Ann Lee & Ben Roe.pdf');
  });
});
