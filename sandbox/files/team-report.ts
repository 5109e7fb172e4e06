import { legacyDate } from '../domain/dates.ts';
import type { Team, TeamMember, TeamReportType } from '../domain/types.ts';
import { CONTENT_TYPES } from './content-types.ts';
import { type PdfSection, pdfBuffer } from './pdf.ts';
import { pptxBuffer, type Slide } from './pptx.ts';

// spec coach-shell §9: team report types Enneagram, Maturity, Combined.
const REPORT_TYPE_NAMES: Readonly<Record<TeamReportType, string>> = { Ennea: 'Enneagram', IMf: 'Maturity', Full: 'Combined' };

export type TeamReportInput = {
  team: Pick<Team, 'name' | 'description' | 'coach'>;
  members: readonly Pick<TeamMember, 'displayName' | 'isTeamLeader' | 'enneaResult' | 'scoreIMF' | 'completedAt' | 'memberComments'>[];
  reportType: TeamReportType;
  createdAt: Date;
};

export type TeamReportFormat = 'pdf' | 'pptx';

const countBy = (values: readonly (string | null)[]): string[] => {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([value, count]) => `${value}: ${count}`);
};

export function teamReportSections(input: TeamReportInput): PdfSection[] {
  const { members, reportType } = input;
  const leaders = members.filter((member) => member.isTeamLeader === 1).map((member) => member.displayName);
  const memberLines = members.map((member) => {
    const results = [member.enneaResult && `Enneagram ${member.enneaResult}`, member.scoreIMF && `Maturity ${member.scoreIMF}`].filter(
      Boolean,
    );
    const leader = member.isTeamLeader === 1 ? ' (team leader)' : '';
    return `${member.displayName}${leader}: ${results.length > 0 ? results.join(', ') : 'no results yet'}`;
  });
  const sections: PdfSection[] = [
    { heading: 'Members', lines: memberLines.length > 0 ? memberLines : ['No members.'] },
    { heading: 'Leadership', lines: [leaders.length > 0 ? `Team leader: ${leaders.join(', ')}` : 'No team leader was chosen.'] },
  ];
  if (reportType !== 'IMf')
    sections.push({ heading: 'Enneagram styles in the team', lines: countBy(members.map((m) => m.enneaResult?.charAt(0) ?? null)) });
  if (reportType !== 'Ennea') sections.push({ heading: 'Maturity stages in the team', lines: countBy(members.map((m) => m.scoreIMF)) });
  return sections.map((section) => (section.lines.length > 0 ? section : { ...section, lines: ['No results yet.'] }));
}

const title = (input: TeamReportInput): string => `${REPORT_TYPE_NAMES[input.reportType]} Team Report - ${input.team.name}`;
const subtitle = (input: TeamReportInput): string =>
  `Project ${input.team.coach} - ${input.members.length} member(s) - generated ${legacyDate(input.createdAt)}`;

export function teamReportPdf(input: TeamReportInput): Promise<Buffer> {
  return pdfBuffer({ title: title(input), subtitle: subtitle(input), sections: teamReportSections(input), createdAt: input.createdAt });
}

export function teamReportPptx(input: TeamReportInput): Promise<Buffer> {
  const sections = teamReportSections(input);
  const slides: Slide[] = [
    { title: title(input), lines: [subtitle(input), ...(input.team.description ? [input.team.description] : [])] },
    ...sections.map((section) => ({ title: section.heading, lines: section.lines })),
  ];
  return pptxBuffer(slides, title(input));
}

export type TeamReportFile = { body: Buffer; contentType: string; fileName: string };

/** GET api/v2/teams/{teamId}/downloadReport/{format} (spec coach-shell §7). */
export async function teamReportFile(input: TeamReportInput, format: TeamReportFormat): Promise<TeamReportFile> {
  const fileName = `${title(input)}.${format}`;
  if (format === 'pdf') return { body: await teamReportPdf(input), contentType: CONTENT_TYPES.pdf, fileName };
  return { body: await teamReportPptx(input), contentType: CONTENT_TYPES.pptx, fileName };
}
