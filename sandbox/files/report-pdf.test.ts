import { describe, expect, it } from 'vitest';
import { SANDBOX_NOTICE, winAnsiSafe } from './pdf.ts';
import { pdfPageCount, pdfText } from './read-back.ts';
import {
  attachmentDisposition,
  combinedIndex,
  maturityStageName,
  type ReportInput,
  reportFileName,
  reportPdf,
  reportPdfStream,
} from './report-pdf.ts';

const zuzana: ReportInput = {
  clientName: 'Zuzana',
  clientSurname: 'Kováčová',
  assessmentType: 'full',
  guestCompletedAt: '2025-10-02 09:00:00',
  userEnnea: 8,
  userTriType: '378',
  orderedTriType: '837',
  userInstinct: 'SX',
  scoreSP: 40,
  scoreSO: 20,
  scoreSX: 80,
  finalTPR: 4,
};
const createdAt = new Date('2025-11-21T10:00:00Z');

describe('reportPdf', () => {
  it('writes a real one-page PDF with title, client, date and results', async () => {
    const pdf = await reportPdf({ code: 'basic', assessment: zuzana, coachName: 'Amara Botha', createdAt });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('Enneagram Report - Zuzana Kovácová');
    expect(text).toContain('Completed 2025-10-02 - coach Amara Botha - generated 2025-11-21');
    expect(text).toContain('Enneagram style: 8 (gut centre)');
    expect(text).toContain('Trifix: 837 (378 by number)');
    expect(text).toContain('Dominant instinct: SX (one-to-one)');
    expect(text).toContain(SANDBOX_NOTICE);
    expect(text).not.toContain('Maturity stage');
  });

  it('gives a Maturity report the stage', async () => {
    const text = pdfText(await reportPdf({ code: 'imf', assessment: zuzana, coachName: 'Amara Botha', createdAt }));
    expect(text).toContain('Maturity Report - Zuzana');
    expect(text).toContain('Maturity stage: 4 of 8, Performing (PE)');
    expect(text).not.toContain('Enneagram style');
  });

  it('gives the Combined report all three parts and Combined+ a page each', async () => {
    const foundation = await reportPdf({ code: 'foundation', assessment: zuzana, coachName: 'Amara Botha', createdAt });
    expect(pdfText(foundation)).toContain('Combined result 60 of 72: style 8 at Performing (PE)');
    expect(pdfPageCount(foundation)).toBe(1);
    const extended = await reportPdf({ code: 'extended', assessment: zuzana, coachName: 'Amara Botha', createdAt });
    expect(pdfPageCount(extended)).toBe(3);
  });

  it('says what is missing instead of inventing results', async () => {
    const unmarked = { ...zuzana, finalTPR: null };
    const text = pdfText(await reportPdf({ code: 'foundation', assessment: unmarked, coachName: 'A B', createdAt }));
    expect(text).toContain('Waiting for marking.');
    expect(text).toContain('Needs both the Enneagram and the Maturity result.');
  });

  it('streams the same document', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of reportPdfStream({ code: 'clientSummary', assessment: zuzana, coachName: 'A B', createdAt }))
      chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('Enneagram Overview - Zuzana');
  });
});

describe('report helpers', () => {
  it('names stages and combined results (spec public-and-guest §3, §9)', () => {
    expect(maturityStageName(1)).toBe('Self-protecting (SE)');
    expect(maturityStageName(8)).toBe('Being (BE)');
    expect(combinedIndex(1, 1)).toBe(1);
    expect(combinedIndex(9, 8)).toBe(72);
  });

  it('names the file as the contract does and encodes the disposition', () => {
    expect(reportFileName('foundation', { clientName: 'Zuzana', clientSurname: 'Kovacova' })).toBe('Combined Report - Zuzana Kovacova.pdf');
    expect(attachmentDisposition('Combined Report - Zuzana Kováčová.pdf')).toBe(
      `attachment; filename="Combined Report - Zuzana Kovacova.pdf"; filename*=UTF-8''Combined%20Report%20-%20Zuzana%20Kov%C3%A1%C4%8Dov%C3%A1.pdf`,
    );
  });

  it('keeps Latin-1 letters and strips other diacritics for the PDF fonts', () => {
    expect(winAnsiSafe('Kováčová Söhne Łódź 日本')).toBe('Kovácová Söhne ?ódz ??');
  });
});
