import type { components, operations } from '../../generated/legacy.ts';
import { CENTRE_OF, MATURITY_STAGES, STYLE_NAMES, wingOf } from './enneagram.ts';
import type { Assessment } from './types.ts';

// GET api/v2/guestresults/{guestId} (spec public-and-guest §2 "Guest report viewer", §3 "Guest results").
type GuestResults = components['schemas']['GuestResults'];
type Query = operations['getGuestResults']['parameters']['query'];
export type GuestReportCode = Query['reportCode'];

export const GUEST_REPORT_NAMES: Readonly<Record<GuestReportCode, string>> = {
  e: 'Enneagram',
  m: 'Maturity',
  c: 'Combined',
  cp: 'Combined+',
};

type Source = Pick<
  Assessment,
  | 'clientName'
  | 'clientSurname'
  | 'clientEmail'
  | 'clientCompany'
  | 'assessmentType'
  | 'guestCompletedAt'
  | 'finalTPR'
  | 'userEnnea'
  | 'userTriType'
  | 'orderedTriType'
  | 'userInstinct'
  | 'scoreSP'
  | 'scoreSO'
  | 'scoreSX'
  | 'enneaRankingCSV'
  | 'assessmentLanguage'
>;

const TYPE_NAMES = { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' } as const;

/** Why this report cannot be shown for the assessment; null when it can. */
export function guestReportProblem(a: Source, code: GuestReportCode): string | null {
  if (!a.guestCompletedAt) return 'This assessment has not been completed yet.';
  const hasEnnea = a.userEnnea !== null;
  const hasStage = a.finalTPR !== null;
  if (code === 'e' && !hasEnnea) return 'There is no Enneagram result for this assessment.';
  if (code === 'm' && !hasStage) return 'The Maturity result is waiting for marking.';
  if ((code === 'c' || code === 'cp') && !(hasEnnea && hasStage))
    return 'The Combined report needs both the Enneagram and the Maturity result.';
  return null;
}

const ranking = (a: Source): number[] => {
  const parsed = (a.enneaRankingCSV ?? '').split(',').map(Number);
  if (parsed.length === 9 && new Set(parsed).size === 9) return parsed;
  // Without a stored ranking, the type leads and the others follow in number order.
  const lead = a.userEnnea ?? 1;
  return [lead, ...[1, 2, 3, 4, 5, 6, 7, 8, 9].filter((type) => type !== lead)];
};

/** Scores indexed by type (index 0 is type 1), falling with the rank: first 90, then 10 less per place. */
function enneaScores(a: Source): NonNullable<GuestResults['scores']> {
  const order = ranking(a);
  const main = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((type) => 90 - 10 * order.indexOf(type));
  const at = (type: number): number => main[type - 1] ?? 0;
  // Lines of connection on the circle's inner figure (1-4-2-8-5-7 and 3-6-9).
  const LINES: Readonly<Record<number, [number, number]>> = {
    1: [4, 7],
    2: [4, 8],
    3: [6, 9],
    4: [1, 2],
    5: [7, 8],
    6: [3, 9],
    7: [1, 5],
    8: [2, 5],
    9: [3, 6],
  };
  return {
    main,
    lines: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
      (type) => Math.round(((LINES[type] ?? [type, type]).reduce((sum, other) => sum + at(other), 0) / 2) * 10) / 10,
    ),
    wings: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((type) => at(wingOf(type, order))),
    s1: { min: main.map((score) => Math.max(0, score - 8)), max: main.map((score) => Math.min(100, score + 8)) },
    s3: { SP: a.scoreSP ?? 0, SO: a.scoreSO ?? 0, SX: a.scoreSX ?? 0 },
  };
}

/** Stage scores peaking at the client's stage. */
function levels(finalTPR: number): NonNullable<GuestResults['levels']> {
  return MATURITY_STAGES.map((stage, index) => ({ code: stage.code, value: Math.max(0, 100 - 25 * Math.abs(index + 1 - finalTPR)) }));
}

const paragraph = (text: string): string => `<p>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>`;

/** The mini report's own 4 sections (spec public-and-guest §2; the legacy contract's textOnlyMini example). */
function miniSections(a: Source): { title: string; content: string }[] {
  const ennea = a.userEnnea ?? 1;
  return [
    { title: 'Introduction', content: paragraph(`This short report presents the Enneagram style of ${a.clientName} ${a.clientSurname}.`) },
    { title: 'Your Style', content: paragraph(`Your style is ${ennea}: ${STYLE_NAMES[ennea] ?? ''}.`) },
    { title: 'Growth', content: paragraph(`The direction of growth for style ${ennea}.`) },
    { title: 'Next Steps', content: paragraph('Discuss the result with your coach.') },
  ];
}

function sections(code: GuestReportCode, a: Source, trifix: string, instinct: string | null): { title: string; content: string }[] {
  const ennea = a.userEnnea ?? 1;
  const stage = MATURITY_STAGES[(a.finalTPR ?? 3) - 1] ?? MATURITY_STAGES[2];
  const enneagram = [
    { title: 'Introduction', content: paragraph(`This report describes the Enneagram results of ${a.clientName} ${a.clientSurname}.`) },
    {
      title: 'Your Style',
      content: paragraph(`Your style is ${ennea}: ${STYLE_NAMES[ennea] ?? ''}, in the ${CENTRE_OF[ennea] ?? ''} centre.`),
    },
    { title: 'Trifix', content: paragraph(`Your trifix is ${trifix}.`) },
    { title: 'Instincts', content: paragraph(instinct ? `Your dominant instinct is ${instinct}.` : 'No dominant instinct was scored.') },
  ];
  const maturity = [{ title: 'Maturity Stage', content: paragraph(`Your maturity stage is ${stage.name} (${stage.code}).`) }];
  const appendices = ['Appendix A', 'Appendix B', 'Appendix C'].map((title) => ({
    title,
    content: paragraph(`${title} of the ${GUEST_REPORT_NAMES[code]} report.`),
  }));
  if (code === 'e') return [...enneagram, ...appendices];
  if (code === 'm') return [...maturity, ...appendices];
  const combined = {
    title: 'Combined Result',
    content: paragraph(`Result ${8 * (ennea - 1) + (a.finalTPR ?? 3)} of 72: style ${ennea} at ${stage.name}.`),
  };
  const plus =
    code === 'cp' ? [{ title: 'Development Path', content: paragraph(`Next steps from ${stage.name} for style ${ennea}.`) }] : [];
  return [...enneagram, ...maturity, combined, ...plus, ...appendices];
}

export type GuestResultsOptions = Omit<Query, 'reportCode' | 't'> & { comments?: string | null; miniGuest?: boolean };

/** The answer for a real assessment; `{ error: { info } }` when the report cannot be shown. */
export function buildGuestResults(a: Source, code: GuestReportCode, options: GuestResultsOptions = {}): GuestResults {
  const problem = guestReportProblem(a, code);
  if (problem) return { error: { info: problem } };
  const trifix = options.trifix ?? a.orderedTriType ?? '125';
  const instinct = options.instinct ?? a.userInstinct;
  const ennea = a.userEnnea ?? 1;
  return {
    guest: {
      userName: a.clientName,
      userSurname: a.clientSurname,
      userEmail: a.clientEmail,
      userCompany: a.clientCompany,
      completedAt: a.guestCompletedAt,
      miniGuest: options.miniGuest ?? false,
      finalTPR: a.finalTPR ?? 3,
      userEnnea: ennea,
      userTriType: a.userTriType ?? '125',
      orderedTriType: trifix,
      userInstinct: instinct,
      comments: options.comments ?? null,
      assessmentType: a.assessmentType,
      assessmentTypeName: TYPE_NAMES[a.assessmentType],
      reportLanguage: options.language ?? 'english',
    },
    reportContent: { sections: options.miniGuest ? miniSections(a) : sections(code, a, trifix, instinct) },
    onlyText: options.version === 'text',
    ...(code !== 'm' ? { scores: enneaScores(a), enneainfo: { type: ennea, name: STYLE_NAMES[ennea], centre: CENTRE_OF[ennea] } } : {}),
    ...(code !== 'e' && a.finalTPR !== null
      ? { levels: levels(a.finalTPR), imfdata: { imfLevels: MATURITY_STAGES.map(({ code: c, name }) => ({ code: c, name })) } }
      : {}),
  };
}
