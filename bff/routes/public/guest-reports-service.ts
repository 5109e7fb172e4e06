// The guest report viewer: legacy api/v2/guestresults/{guestId} ↔ the contract's GuestReport (spec
// public-and-guest §2 "Guest report viewer", §3 "Guest or assessment as shown in a report" and "Guest
// results", §8 "Guest report", §9; openapi/bff paths api_public_reports_*).
import type { components as Bff, operations } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { MATURITY_STAGES } from '../../domain/maturity.ts';
import type { OperationHandler } from '../../operation.ts';
import { problem, unknownLink, upstreamError } from '../../problem.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

type GuestReport = Bff['schemas']['GuestReport'];
type GuestReportCode = Bff['schemas']['GuestReportCode'];
type ReportLanguage = Bff['schemas']['ReportLanguage'];
type AssessmentType = Bff['schemas']['AssessmentType'];
type Reading = Bff['schemas']['GuestResponseReading'];
type GuestReportQuery = NonNullable<operations['getGuestReport']['parameters']['query']>;
type GuestResults = Legacy['schemas']['GuestResults'];
type ReportGuest = Legacy['schemas']['ReportGuest'];
type LegacyScores = NonNullable<GuestResults['scores']>;
type LegacyReading = { Context?: string; Text?: string };

// spec: assessments-and-clients §8, the generic failure message (a legacy error without its text).
const UNEXPECTED = 'There was an unexpected error';
const REPORT_NAMES = { e: 'Enneagram', m: 'Maturity', c: 'Combined', cp: 'Combined+' } as const satisfies Record<
  GuestReportCode,
  GuestReport['reportName']
>;
// spec §3 "Assessment type labels"; the report a code opens belongs to this assessment type.
const TYPE_OF_REPORT: Readonly<Record<GuestReportCode, AssessmentType>> = { e: 'ennea', m: 'EIT', c: 'full', cp: 'full' };
const TYPE_NAMES: Readonly<Record<AssessmentType, string>> = { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' };
const REPORT_LANGUAGES: readonly ReportLanguage[] = ['english', 'afrikaans', 'hungarian', 'italian', 'slovak'];
// spec §2 "Variants": the mini-guest Enneagram report switches between Hungarian, Slovak and English.
const MINI_GUEST_LANGUAGES: ReportLanguage[] = ['english', 'slovak', 'hungarian'];
// spec §3 defaults: finalTPR 3, userEnnea 1, userTriType and orderedTriType 125.
const DEFAULT_STAGE = 3;
const DEFAULT_STYLE = 1;
const DEFAULT_TRIFIX = '125';

// The legacy contract's answer to a link without results (getGuestResults, example `failed`): the only refusal
// that says the id is unknown; the others (waiting for marking, needs both results, English only) are about a
// known assessment.
const NO_RESULTS = 'No results were found for this report link.';

const unavailable = (detail: string) => problem(400, 'report_unavailable', detail, 'Failed');
/** The refusal the viewer shows; marked as a guess that missed when the legacy API knows no such guest. */
const refusal = (detail: string) => (detail === NO_RESULTS ? unknownLink(unavailable(detail)) : unavailable(detail));

/** Legacy arrays are indexed by style (index 0 is style 1). */
const perStyle = (values: readonly number[] | undefined) => (values ?? []).slice(0, 9).map((value, index) => ({ style: index + 1, value }));

function scoresOf(scores: LegacyScores | undefined): GuestReport['scores'] {
  const { min = [], max = [] } = scores?.s1 ?? {};
  const s3 = scores?.s3;
  return {
    main: perStyle(scores?.main),
    lines: perStyle(scores?.lines),
    wings: perStyle(scores?.wings),
    s1: min.slice(0, 9).flatMap((low, index) => {
      const high = max[index];
      return high === undefined ? [] : [{ style: index + 1, min: low, max: high }];
    }),
    s3: s3 && s3.SP !== undefined && s3.SO !== undefined && s3.SX !== undefined ? { SP: s3.SP, SO: s3.SO, SX: s3.SX } : null,
  };
}

/** Every part of one reading, in the legacy order (none is dropped). */
function readingsOf(parts: readonly LegacyReading[] | undefined): Reading[] {
  return (parts ?? []).map((part) => ({ context: part.Context ?? '', text: part.Text ?? '' }));
}

/** Tab ids from the titles ("Appendix A" → appendix-a), unique within the report, so the client can restore the last tab. */
function sectionsOf(results: GuestResults): GuestReport['sections'] {
  const used = new Set<string>();
  return (results.reportContent?.sections ?? []).map(({ title, content }, index) => {
    const slug = title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 90);
    let id = slug || `section-${index + 1}`;
    for (let n = 2; used.has(id); n += 1) id = `${slug || 'section'}-${n}`;
    used.add(id);
    return { id, title, html: content };
  });
}

function toGuestReport(results: GuestResults, guestId: string, reportCode: GuestReportCode, query: GuestReportQuery): GuestReport {
  // The generated type makes the fields with a default required; an answer may still omit them.
  const guest: Partial<ReportGuest> = results.guest ?? {};
  const assessmentType = guest.assessmentType ?? TYPE_OF_REPORT[reportCode];
  const language = REPORT_LANGUAGES.find((known) => known === guest.reportLanguage) ?? query.language ?? 'english';
  const miniGuest = guest.miniGuest === true;
  const hasEnnea = reportCode !== 'm';
  const hasStage = reportCode !== 'e';
  const style = guest.userEnnea ?? DEFAULT_STYLE;
  const stage = guest.finalTPR ?? DEFAULT_STAGE;
  const stageInfo = MATURITY_STAGES[stage - 1];
  const answers = results.postsurvey;
  return {
    guestId,
    reportCode,
    reportName: REPORT_NAMES[reportCode],
    assessmentType,
    assessmentTypeName: guest.assessmentTypeName ?? TYPE_NAMES[assessmentType],
    reportLanguage: language,
    languageOptions: miniGuest && reportCode === 'e' ? MINI_GUEST_LANGUAGES : [],
    textOnly: results.onlyText ?? query.version === 'text',
    miniGuest,
    person: {
      name: guest.userName ?? '',
      surname: guest.userSurname ?? '',
      email: guest.userEmail ?? null,
      company: guest.userCompany ?? null,
      occupation: guest.userOccupation ?? null,
      gender: guest.userGender ?? null,
      dateOfBirth: guest.userDateOfBirth ?? null,
      completedAt: guest.completedAt ?? null,
    },
    ennea: hasEnnea
      ? { type: style, trifix: guest.userTriType ?? DEFAULT_TRIFIX, ...(guest.userInstinct && { instinct: guest.userInstinct }) }
      : null,
    orderedTrifix: hasEnnea ? (guest.orderedTriType ?? DEFAULT_TRIFIX) : null,
    maturity: hasStage && stageInfo ? { stage, ...stageInfo } : null,
    // spec §9: the combined map index is 8 × (type − 1) + stage.
    combinedIndex: reportCode === 'c' || reportCode === 'cp' ? 8 * (style - 1) + stage : null,
    scores: scoresOf(results.scores),
    maturityLevels: (results.imfdata?.imfLevels ?? []).map(({ name, code }) => ({ name, code })),
    textAnswers: (results.gresponses ?? []).map((answer) => ({
      sectionId: String(answer.SectionId ?? ''),
      questionNumber: answer.QuestionNumber ?? 0,
      questionText: answer.QuestionText ?? '',
      rawTextResponse: answer.RawTextResponse ?? '',
      positive: readingsOf(answer.Positive),
      neutral: readingsOf(answer.Neutral),
      negative: readingsOf(answer.Negative),
    })),
    postSurvey: answers
      ? {
          priorExperience: answers.QuestionOne ?? null,
          enneagramType: answers.QuestionTwo ?? null,
          dominantInstinct: answers.QuestionThree ?? null,
          howTyped: answers.QuestionFour ?? null,
          earlierTest: answers.QuestionFive ?? null,
        }
      : null,
    comments: guest.comments ?? null,
    sections: sectionsOf(results),
  };
}

// The viewer offers no PDF: GET publish/reports/coach/{reportCode}/{coachId}/{assessmentId} needs the coach's
// id and legacy session, which a guest does not have (the coach downloads PDFs from the assessments area).
export const getGuestReport: OperationHandler<'getGuestReport'> = async ({ params: { guestId, reportCode }, query = {} }, ctx) => {
  // Public: no cookie, not even a signed-in coach's.
  const { data, error } = await ctx.publicLegacy.GET('/api/v2/guestresults/{guestId}', {
    params: {
      path: { guestId },
      query: {
        reportCode,
        ...(query.language && { language: query.language }),
        ...(query.trifix && { trifix: query.trifix }),
        ...(query.instinct && { instinct: query.instinct }),
        ...(query.version && { version: query.version }),
      },
    },
  });
  // "On failure the answer carries error" (a 200 or a 400); the viewer shows its text in an alert (spec §8).
  if (!data || data.error) throw refusal(legacyErrorInfo(data ?? error) ?? UNEXPECTED);
  const report = toGuestReport(data, guestId, reportCode, query);
  if (report.sections.length === 0) {
    // The guest id is a link secret: never logged.
    ctx.log.error({ reportCode }, 'guestresults answered a report without sections');
    throw upstreamError();
  }
  return report;
};
