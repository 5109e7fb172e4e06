// The public 4-question mini-assessment: legacy mintor/* ↔ the contract's Mini* shapes (spec
// public-and-guest §2 "Mini-assessment page", §3 "Mini-assessment", §4 "Mini-assessment", §5, §6, §8;
// openapi/bff paths api_public_mini_*). The fixed access header is the BFF's, never the browser's.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { created, type HttpAnswer, type OperationContext, type OperationInput } from '../../operation.ts';
import { problem, UNEXPECTED_MESSAGE, unknownLink, upstreamError } from '../../problem.ts';
import { type LegacyClient, legacyErrorInfo } from '../../upstream/legacy-client.ts';
import { registrationDetails } from './registration-form.ts';

type MiniTranslations = Bff['schemas']['MiniTranslations'];
type MiniLanguage = Bff['schemas']['MiniLanguage'];
type MiniQuestion = Bff['schemas']['MiniQuestion'];
type MiniAnswer = Bff['schemas']['MiniAnswer'];
type MiniAssessmentStarted = Bff['schemas']['MiniAssessmentStarted'];
type MiniResult = Bff['schemas']['MiniResult'];
type LegacyQuestions = Legacy['schemas']['MiniQuestions'];

/** The legacy contract's name of the fixed access header (`miniAccess`; the real name is not given by the spec). */
export const MINI_ACCESS_HEADER = 'X-Mini-Access';
// spec §2, §9: English, Slovak, Hungarian, in this order on the language step.
const LANGUAGES: readonly MiniLanguage[] = ['english', 'slovak', 'hungarian'];
const OPTION_KEYS: readonly MiniAnswer[] = ['A', 'B', 'C'];
// The offering a guest registers for; the spec does not show its values (legacy `service`, x-unspecified).
const SERVICE = 'mini';
/** The texts are the same for every visitor: asked of the legacy API at most this often. */
export const TRANSLATIONS_TTL_MS = 5 * 60_000;

export interface MiniSettings {
  /** Unset: every mini call answers 502 (logged) instead of calling the legacy API without its header. */
  accessKey: string | undefined;
}

export interface MiniDeps {
  settings: MiniSettings;
  /** The last translations and when they were read (one per app instance). */
  translations: { value: MiniTranslations; readAt: number } | null;
  now: () => number;
}

// The page shows its error page 'An error has occurred' on any failure (spec §2, §8).
const refused = (error: unknown) =>
  problem(400, 'mini_assessment_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE, 'An error has occurred');
/**
 * A refusal of the link's id (the coach's, or the assessment's uniqueId): the legacy API answers an unknown id
 * and a refused step alike (its texts are not documented), and the form was checked before, so the public
 * misses limit counts it.
 */
const refusedLink = (error: unknown) => unknownLink(refused(error));

/** The legacy client without a cookie, and the headers every mintor call carries. */
function miniLegacy(ctx: OperationContext, settings: MiniSettings): { legacy: LegacyClient; headers: Record<string, string> } {
  if (!settings.accessKey) {
    ctx.log.error('MINI_ACCESS_KEY is not set: the mini-assessment call is not sent');
    throw upstreamError();
  }
  return { legacy: ctx.publicLegacy, headers: { [MINI_ACCESS_HEADER]: settings.accessKey } };
}

export async function miniTranslations(
  _input: OperationInput<'getMiniTranslations'>,
  ctx: OperationContext,
  deps: MiniDeps,
): Promise<MiniTranslations> {
  const cached = deps.translations;
  if (cached && deps.now() - cached.readAt < TRANSLATIONS_TTL_MS) return cached.value;
  const { legacy, headers } = miniLegacy(ctx, deps.settings);
  const { data, error } = await legacy.GET('/mintor/initAssessment', { headers });
  if (!data) throw refused(error);
  const translations = data.translations;
  const value: MiniTranslations = {
    languages: [...LANGUAGES],
    // A language the legacy API has no texts for shows every key between question marks (spec §8).
    translations: {
      english: { ...translations.english },
      slovak: { ...translations.slovak },
      hungarian: { ...translations.hungarian },
    },
  };
  deps.translations = { value, readAt: deps.now() };
  return value;
}

function questionsOf(ctx: OperationContext, questions: LegacyQuestions, ids: readonly MiniQuestion['id'][]): MiniQuestion[] {
  return ids.map((id) => {
    const question = questions[id];
    if (!question) {
      ctx.log.error({ question: id }, 'mintor answered without an expected question');
      throw upstreamError();
    }
    return { id, text: question.question ?? '', options: OPTION_KEYS.map((key) => ({ key, text: question.options[key] })) };
  });
}

/** The form's checks in the self-registration order come first (contract: startMiniAssessment). */
export async function startMiniAssessment(
  { params: { coachUuid }, body }: OperationInput<'startMiniAssessment'>,
  ctx: OperationContext,
  deps: MiniDeps,
): Promise<HttpAnswer<MiniAssessmentStarted>> {
  const form = { language: body.language, ...registrationDetails(body) };
  const { legacy, headers } = miniLegacy(ctx, deps.settings);
  const { data, error } = await legacy.POST('/mintor/startAssessment', {
    headers,
    body: {
      localLanguage: form.language,
      registrationData: { name: form.name, surname: form.surname, email: form.email },
      service: SERVICE,
      coachUUID: coachUuid,
    },
  });
  if (!data) throw refusedLink(error);
  return created({
    uniqueId: data.uniqueId,
    coach: { displayName: data.coach?.displayName ?? '' },
    questions: questionsOf(ctx, data.questions, ['q1', 'q2', 'q3']),
  });
}

export async function submitSection1(
  { params: { uniqueId }, body: { answers } }: OperationInput<'submitMiniSection1'>,
  ctx: OperationContext,
  deps: MiniDeps,
): Promise<{ questions: MiniQuestion[] }> {
  const { legacy, headers } = miniLegacy(ctx, deps.settings);
  const { data, error } = await legacy.POST('/mintor/section1Completed', {
    headers,
    body: { responses: { q1: answers.q1, q2: answers.q2, q3: answers.q3 }, uniqueId },
  });
  if (!data) throw refusedLink(error);
  return { questions: questionsOf(ctx, data.questions, ['q4']) };
}

export async function submitSection2(
  { params: { uniqueId }, body: { answers } }: OperationInput<'submitMiniSection2'>,
  ctx: OperationContext,
  deps: MiniDeps,
): Promise<MiniResult> {
  const { legacy, headers } = miniLegacy(ctx, deps.settings);
  const { data, error } = await legacy.POST('/mintor/section2Completed', { headers, body: { responses: { q4: answers.q4 }, uniqueId } });
  if (!data) throw refusedLink(error);
  const style = styleOfTitle(data.enneaTitle);
  return { enneaTitle: data.enneaTitle, resultText: data.resultText, ...(style === undefined ? {} : { style }) };
}

/** The style a result's title names: its one number when that is 1 to 9 (contract: MiniResult `style`). */
export function styleOfTitle(title: string): number | undefined {
  const numbers = title.match(/\d+/g);
  if (numbers?.length !== 1) return undefined;
  const style = Number(numbers[0]);
  return style >= 1 && style <= 9 ? style : undefined;
}
