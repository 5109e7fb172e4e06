import { legacyDate } from '../domain/dates.ts';
import { CENTRE_OF, scoreIMF } from '../domain/enneagram.ts';
import { COMBINED_REPORTS, ENNEAGRAM_REPORTS, MATURITY_REPORTS, REPORT_NAMES } from '../domain/report-availability.ts';
import type { Assessment, ReportCode } from '../domain/types.ts';
import { type PdfSection, pdfBuffer, pdfStream } from './pdf.ts';
import { reportHtml } from './report-html.ts';

const INSTINCTS = { SP: 'self-preservation', SO: 'social', SX: 'one-to-one' } as const;

export type ReportInput = Pick<
  Assessment,
  | 'clientName'
  | 'clientSurname'
  | 'assessmentType'
  | 'guestCompletedAt'
  | 'userEnnea'
  | 'userTriType'
  | 'orderedTriType'
  | 'userInstinct'
  | 'scoreSP'
  | 'scoreSO'
  | 'scoreSX'
  | 'finalTPR'
>;

export const maturityStageName = (finalTPR: number): string => scoreIMF(finalTPR) ?? `Stage ${finalTPR}`;

/** spec public-and-guest §9: 8 × (type − 1) + stage, one of 72 combined results. */
export const combinedIndex = (userEnnea: number, finalTPR: number): number => 8 * (userEnnea - 1) + finalTPR;

function enneagramSection(a: ReportInput): PdfSection {
  if (a.userEnnea === null) return { heading: 'Enneagram', lines: ['No Enneagram result yet.'] };
  const lines = [`Enneagram style: ${a.userEnnea} (${CENTRE_OF[a.userEnnea] ?? 'unknown'} centre)`];
  if (a.orderedTriType) lines.push(`Trifix: ${a.orderedTriType} (${a.userTriType ?? a.orderedTriType} by number)`);
  if (a.userInstinct) lines.push(`Dominant instinct: ${a.userInstinct} (${INSTINCTS[a.userInstinct]})`);
  if (a.scoreSP !== null && a.scoreSO !== null && a.scoreSX !== null)
    lines.push(`Instinct scores: SP ${a.scoreSP}, SO ${a.scoreSO}, SX ${a.scoreSX}`);
  return { heading: 'Enneagram', lines };
}

function maturitySection(a: ReportInput): PdfSection {
  if (a.finalTPR === null) return { heading: 'Maturity', lines: ['Waiting for marking.'] };
  return { heading: 'Maturity', lines: [`Maturity stage: ${a.finalTPR} of 8, ${maturityStageName(a.finalTPR)}`] };
}

function combinedSection(a: ReportInput): PdfSection {
  if (a.userEnnea === null || a.finalTPR === null)
    return { heading: 'Combined', lines: ['Needs both the Enneagram and the Maturity result.'] };
  return {
    heading: 'Combined',
    lines: [`Combined result ${combinedIndex(a.userEnnea, a.finalTPR)} of 72: style ${a.userEnnea} at ${maturityStageName(a.finalTPR)}`],
  };
}

export function reportSections(code: ReportCode, a: ReportInput): PdfSection[] {
  if (ENNEAGRAM_REPORTS.includes(code)) return [enneagramSection(a)];
  if (MATURITY_REPORTS.includes(code)) return [maturitySection(a)];
  const sections = [enneagramSection(a), maturitySection(a), combinedSection(a)];
  // Combined+ (extended) goes further than the Combined report: one section per page.
  return COMBINED_REPORTS.includes(code) ? sections : [];
}

export type ReportPdfRequest = { code: ReportCode; assessment: ReportInput; coachName: string; createdAt: Date };

const fullName = (a: ReportInput): string => `${a.clientName} ${a.clientSurname}`;

function content(request: ReportPdfRequest) {
  const { code, assessment, coachName, createdAt } = request;
  const completed = assessment.guestCompletedAt ? assessment.guestCompletedAt.slice(0, 10) : 'not completed';
  return {
    title: `${REPORT_NAMES[code]} - ${fullName(assessment)}`,
    subtitle: `Completed ${completed} - coach ${coachName} - generated ${legacyDate(createdAt)}`,
    sections: reportSections(code, assessment),
    createdAt,
    pagePerSection: code === 'extended',
  };
}

export const reportPdf = (request: ReportPdfRequest): Promise<Buffer> => pdfBuffer(content(request));
export const reportPdfStream = (request: ReportPdfRequest): PDFKit.PDFDocument => pdfStream(content(request));
/** The same report as an HTML page (the contract's text/html answer). */
export const reportHtmlPage = (request: ReportPdfRequest): string => reportHtml(content(request));

/** The download's file name, as in the contract's example: "Combined Report - Zuzana Kovacova.pdf". */
export function reportFileName(code: ReportCode, a: Pick<Assessment, 'clientName' | 'clientSurname'>): string {
  return `${REPORT_NAMES[code]} - ${a.clientName} ${a.clientSurname}.pdf`;
}

/** A Content-Disposition value with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replaceAll('"', "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
