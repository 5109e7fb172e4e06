import type { components } from '../../../../../generated/bff.ts';
import { api, CSRF_HEADER } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';

type Schemas = components['schemas'];
export type MiniLanguage = Schemas['MiniLanguage'];
export type MiniQuestion = Schemas['MiniQuestion'];
export type MiniAnswer = Schemas['MiniAnswer'];
export type MiniResult = Schemas['MiniResult'];
export type MiniTranslations = Schemas['MiniTranslations'];
export type MiniRegistration = Schemas['MiniRegistration'];
export type MiniAssessmentStarted = Schemas['MiniAssessmentStarted'];

/** A call's outcome; a failure carries the message to show on the error page. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

// The access header the legacy mintor calls need is the BFF's (spec: public-and-guest §6); the browser never sends it.
async function outcome<T>(call: Promise<{ data?: T; error?: unknown }>): Promise<Outcome<T>> {
  try {
    const { data, error } = await call;
    return data ? { ok: true, value: data } : { ok: false, message: problemMessage(error) };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, message: problemMessage(undefined) };
  }
}

export const fetchMiniTranslations = (signal?: AbortSignal) => outcome(api.GET('/api/public/mini/translations', { signal }));

export const startMiniAssessment = (coachUuid: string, body: MiniRegistration) =>
  outcome(api.POST('/api/public/mini/{coachUuid}/assessments', { params: { path: { coachUuid }, header: CSRF_HEADER }, body }));

export const submitMiniSection1 = (uniqueId: string, answers: { q1: MiniAnswer; q2: MiniAnswer; q3: MiniAnswer }) =>
  outcome(
    api.POST('/api/public/mini/assessments/{uniqueId}/section-1', {
      params: { path: { uniqueId }, header: CSRF_HEADER },
      body: { answers },
    }),
  );

export const submitMiniSection2 = (uniqueId: string, answers: { q4: MiniAnswer }) =>
  outcome(
    api.POST('/api/public/mini/assessments/{uniqueId}/section-2', {
      params: { path: { uniqueId }, header: CSRF_HEADER },
      body: { answers },
    }),
  );
