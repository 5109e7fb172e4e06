// The guest report viewer's results for report codes e, m, c and cp, of an assessment or of a mini-assessment
// guest (spec public-and-guest §2 "Guest report viewer", §3 "Guest results", §7).
import { buildGuestResults, type GuestReportCode, type GuestResultsOptions } from '../domain/guest-results.ts';
import type { MiniAssessmentRecord } from '../state/model.ts';
import { assessmentView } from '../state/views.ts';
import type { Handlers } from './context.ts';

export const NO_RESULTS = 'No results were found for this report link.';
export const ENGLISH_ONLY = 'This report is available in English only.';
export const MINI_ENNEAGRAM_ONLY = 'A mini-assessment has only the Enneagram report.';

// spec coach-shell §2.8: only the Enneagram report comes in other languages.
const ENNEAGRAM_ONLY_LANGUAGES = new Set(['hungarian', 'slovak', 'afrikaans', 'italian']);
// spec public-and-guest §2: the mini-guest variant switches between Hungarian, Slovak and English.
const MINI_LANGUAGES = new Set(['english', 'hungarian', 'slovak']);

/** Legacy times are 'YYYY-MM-DD HH:MM:SS' in UTC; the report's completedAt is an ISO date-time. */
const isoTime = (legacy: string | null): string | null => (legacy ? `${legacy.replace(' ', 'T')}Z` : null);

function miniSource(mini: MiniAssessmentRecord) {
  return {
    clientName: mini.name,
    clientSurname: mini.surname,
    clientEmail: mini.email,
    clientCompany: null,
    assessmentType: 'ennea' as const,
    guestCompletedAt: isoTime(mini.section2CompletedAt),
    finalTPR: null,
    userEnnea: mini.ennea,
    userTriType: mini.trifix ? [...mini.trifix].sort().join('') : null,
    orderedTriType: mini.trifix,
    userInstinct: null,
    scoreSP: null,
    scoreSO: null,
    scoreSX: null,
    enneaRankingCSV: null,
    assessmentLanguage: 'english' as const,
  };
}

export const guestResultHandlers: Handlers = {
  getGuestResults: ({ params, query, store }) => {
    const code: GuestReportCode = query.reportCode;
    const { reportCode: _code, t: _t, ...rest } = query;
    const options: GuestResultsOptions = rest;
    const language = options.language ?? 'english';
    const mini = store.miniAssessments.get(params.guestId);
    if (mini) {
      if (code !== 'e') return { error: { info: MINI_ENNEAGRAM_ONLY } };
      if (!MINI_LANGUAGES.has(language)) return { error: { info: `The mini-assessment report is not available in ${language}.` } };
      return buildGuestResults(miniSource(mini), code, { ...options, miniGuest: true });
    }
    const record = store.assessments.get(params.guestId);
    if (!record) return { error: { info: NO_RESULTS } };
    if (code !== 'e' && ENNEAGRAM_ONLY_LANGUAGES.has(language)) return { error: { info: ENGLISH_ONLY } };
    const view = assessmentView(store, record, record.coachUUID);
    return buildGuestResults({ ...view, guestCompletedAt: isoTime(view.guestCompletedAt) }, code, options);
  },
};
