import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from './content-types.ts';
import { pdfPageCount, pdfText, unzip } from './read-back.ts';
import { type TeamReportInput, teamReportFile, teamReportPptx, teamReportSections } from './team-report.ts';

const input: TeamReportInput = {
  team: { name: 'Depot Managers', description: 'Q4 development programme', coach: 'Leadership Pipeline 2025' },
  members: [
    {
      displayName: 'Zuzana Kovacova',
      isTeamLeader: 1,
      enneaResult: '8w7 SX',
      scoreIMF: 'Performing (PE)',
      completedAt: '2025-10-02',
      memberComments: null,
    },
    {
      displayName: 'Sipho Ndlovu',
      isTeamLeader: 0,
      enneaResult: '3w2 SO',
      scoreIMF: 'Specialising (SP)',
      completedAt: '2025-10-03',
      memberComments: 'New',
    },
    { displayName: 'Ann <Lee> & Co', isTeamLeader: 0, enneaResult: '8w9 SP', scoreIMF: null, completedAt: null, memberComments: null },
  ],
  reportType: 'Full',
  createdAt: new Date('2025-11-21T10:00:00Z'),
};

describe('teamReportSections', () => {
  it('lists members, leader and the distributions of a Combined report', () => {
    const sections = teamReportSections(input);
    expect(sections.map((s) => s.heading)).toEqual([
      'Members',
      'Leadership',
      'Enneagram styles in the team',
      'Maturity stages in the team',
    ]);
    expect(sections[0]?.lines[0]).toBe('Zuzana Kovacova (team leader): Enneagram 8w7 SX, Maturity Performing (PE)');
    expect(sections[1]?.lines).toEqual(['Team leader: Zuzana Kovacova']);
    expect(sections[2]?.lines).toEqual(['3: 1', '8: 2']);
    expect(sections[3]?.lines).toEqual(['Performing (PE): 1', 'Specialising (SP): 1']);
  });

  it('leaves out Maturity for an Enneagram report and Enneagram for a Maturity one', () => {
    expect(teamReportSections({ ...input, reportType: 'Ennea' }).map((s) => s.heading)).not.toContain('Maturity stages in the team');
    expect(teamReportSections({ ...input, reportType: 'IMf' }).map((s) => s.heading)).not.toContain('Enneagram styles in the team');
  });

  it('handles a team without members or leader', () => {
    const sections = teamReportSections({ ...input, members: [] });
    expect(sections[0]?.lines).toEqual(['No members.']);
    expect(sections[1]?.lines).toEqual(['No team leader was chosen.']);
    expect(sections[2]?.lines).toEqual(['No results yet.']);
  });
});

describe('team report files', () => {
  it('serves a real PDF', async () => {
    const file = await teamReportFile(input, 'pdf');
    expect(file.contentType).toBe(CONTENT_TYPES.pdf);
    expect(file.fileName).toBe('Combined Team Report - Depot Managers.pdf');
    expect(file.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(file.body)).toBe(1);
    const text = pdfText(file.body);
    expect(text).toContain('Combined Team Report - Depot Managers');
    expect(text).toContain('Project Leadership Pipeline 2025 - 3 member(s) - generated 2025-11-21');
  });

  it('serves a PPTX package with every part a reader needs', async () => {
    const file = await teamReportFile(input, 'pptx');
    expect(file.contentType).toBe(CONTENT_TYPES.pptx);
    expect(file.fileName).toBe('Combined Team Report - Depot Managers.pptx');
    expect(file.body.subarray(0, 2).toString('latin1')).toBe('PK');
    const names = unzip(file.body).map((entry) => entry.name);
    expect(names[0]).toBe('[Content_Types].xml');
    expect(names).toEqual(
      expect.arrayContaining([
        '_rels/.rels',
        'ppt/presentation.xml',
        'ppt/_rels/presentation.xml.rels',
        'ppt/slideMasters/slideMaster1.xml',
        'ppt/slideLayouts/slideLayout1.xml',
        'ppt/theme/theme1.xml',
        'ppt/slides/slide1.xml',
        'ppt/slides/_rels/slide1.xml.rels',
      ]),
    );
  });

  it('declares every slide and escapes the text', async () => {
    const entries = unzip(await teamReportPptx(input));
    const read = (name: string): string => entries.find((entry) => entry.name === name)?.content.toString('utf8') ?? '';
    const slides = entries.filter((entry) => /^ppt\/slides\/slide\d+\.xml$/.test(entry.name));
    expect(slides).toHaveLength(5);
    const contentTypes = read('[Content_Types].xml');
    const presentation = read('ppt/presentation.xml');
    for (const slide of slides) expect(contentTypes).toContain(`PartName="/${slide.name}"`);
    expect(presentation.match(/<p:sldId /g)).toHaveLength(5);
    expect(read('ppt/slides/slide1.xml')).toContain('<a:t>Combined Team Report - Depot Managers</a:t>');
    expect(read('ppt/slides/slide2.xml')).toContain('Ann &lt;Lee&gt; &amp; Co: Enneagram 8w9 SP');
  });
});
