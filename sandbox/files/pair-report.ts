// The pair (couple) report: both clients' results side by side (spec assessments-and-clients §3.10, §4.10).
import { legacyDate } from '../domain/dates.ts';
import { PAIR_TYPE_NAMES } from '../domain/pairs.ts';
import type { Couple } from '../domain/types.ts';
import { type PdfContent, type PdfSection, pdfBuffer } from './pdf.ts';
import { reportHtml } from './report-html.ts';

type Member = Pick<Couple['assessments'][number], 'clientName' | 'clientSurname' | 'scoreIMF'> &
  Partial<Pick<Couple['assessments'][number], 'userEnnea' | 'userTriType' | 'userInstinct'>>;
export type PairReportInput = Pick<Couple, 'info' | 'coupleType'> &
  Partial<Pick<Couple, 'company' | 'project'>> & { assessments: readonly Member[] };

const title = (couple: Pick<Couple, 'info' | 'coupleType'>): string => `${PAIR_TYPE_NAMES[couple.coupleType]} Pair Report - ${couple.info}`;

function memberLine(member: Member): string {
  const results: string[] = [];
  if (member.userEnnea !== null && member.userEnnea !== undefined) {
    results.push(`Enneagram ${member.userEnnea}${member.userTriType ? ` (trifix ${member.userTriType})` : ''}`);
    if (member.userInstinct) results.push(`instinct ${member.userInstinct}`);
  }
  if (member.scoreIMF) results.push(`Maturity ${member.scoreIMF}`);
  return `${member.clientName} ${member.clientSurname}: ${results.length > 0 ? results.join(', ') : 'no results yet'}`;
}

function meetingLines(members: readonly Member[]): string[] {
  const [first, second] = members;
  if (!first?.userEnnea || !second?.userEnnea) return ['Needs both Enneagram results.'];
  const lines = [
    first.userEnnea === second.userEnnea
      ? `Both share Enneagram style ${first.userEnnea}: a common way of seeing the world, and common blind spots.`
      : `Styles ${first.userEnnea} and ${second.userEnnea} meet: each brings what the other tends to overlook.`,
  ];
  if (first.userInstinct && second.userInstinct && first.userInstinct !== second.userInstinct) {
    lines.push(`Instincts differ (${first.userInstinct} and ${second.userInstinct}): energy goes to different places first.`);
  }
  return lines;
}

function content(couple: PairReportInput, suppliedAt: Date): PdfContent {
  const context = [couple.company, couple.project].filter(Boolean).join(' - ');
  const sections: PdfSection[] = [
    { heading: 'The pair', lines: couple.assessments.map(memberLine) },
    { heading: 'Where the styles meet', lines: meetingLines(couple.assessments) },
  ];
  return {
    title: title(couple),
    subtitle: `${context ? `${context} - ` : ''}supplied ${legacyDate(suppliedAt)}`,
    sections,
    createdAt: suppliedAt,
  };
}

export const pairReportPdf = (couple: PairReportInput, suppliedAt: Date): Promise<Buffer> => pdfBuffer(content(couple, suppliedAt));
export const pairReportHtml = (couple: PairReportInput, suppliedAt: Date): string => reportHtml(content(couple, suppliedAt));
export const pairReportFileName = (couple: Pick<Couple, 'info' | 'coupleType'>): string => `${title(couple)}.pdf`;
