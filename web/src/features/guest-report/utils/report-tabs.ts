import type { components } from '../../../../../generated/bff.ts';

export type GuestReport = components['schemas']['GuestReport'];
export type ReportSection = components['schemas']['ReportSection'];

/** One entry of the viewer's section list: a section of the report content, or a part of the results. */
export type ReportTab =
  | { id: string; title: string; kind: 'section'; section: ReportSection }
  | { id: string; title: string; kind: 'results' | 'answers' | 'post-survey' | 'details' };

// Section ids match ^[a-z0-9][a-z0-9-]*$ (openapi ReportSection), so a leading underscore never collides.
export const RESULTS_TAB = '_results';
export const ANSWERS_TAB = '_answers';
export const POST_SURVEY_TAB = '_post-survey';
export const DETAILS_TAB = '_details';

export function hasScores(report: GuestReport): boolean {
  const { main, lines, wings, s1, s3 } = report.scores;
  return main.length + lines.length + wings.length + s1.length > 0 || s3 !== null;
}

/**
 * The report's own sections first (the first is selected by default, spec: public-and-guest §2),
 * then the rest of the guest results: the scored results, the free-text answers, the post-survey
 * and the person's details (spec §3 "Guest results"), each only when the report has it. A mini
 * guest's report is its own sections only.
 */
export function reportTabs(report: GuestReport): ReportTab[] {
  const sectionTabs = report.sections.map((section) => ({ id: section.id, title: section.title, kind: 'section' as const, section }));
  // spec §2 "Guest report viewer": the mini report has its own 4 sections (the report content a mini
  // guest's results carry, legacy `guest.miniGuest`), and nothing of the full reports' results.
  if (report.miniGuest) return sectionTabs;
  const hasResults = report.ennea !== null || report.maturity !== null || report.maturityLevels.length > 0 || hasScores(report);
  return [
    ...sectionTabs,
    ...(hasResults ? [{ id: RESULTS_TAB, title: 'Results', kind: 'results' as const }] : []),
    ...(report.textAnswers.length > 0 ? [{ id: ANSWERS_TAB, title: 'Free-text answers', kind: 'answers' as const }] : []),
    ...(report.postSurvey ? [{ id: POST_SURVEY_TAB, title: 'Post-survey', kind: 'post-survey' as const }] : []),
    { id: DETAILS_TAB, title: 'Personal details', kind: 'details' as const },
  ];
}
