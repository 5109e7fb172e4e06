import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

type Schemas = components['schemas'];
export type MiniLanguage = Schemas['MiniLanguage'];
export type MiniQuestion = Schemas['MiniQuestion'];
export type MiniAnswer = Schemas['MiniAnswer'];
export type MiniResult = Schemas['MiniResult'];
export type MiniTranslations = Schemas['MiniTranslations'];
export type MiniRegistration = Schemas['MiniRegistration'];
export type MiniAssessmentStarted = Schemas['MiniAssessmentStarted'];

// The access header the legacy mintor calls need is the BFF's (spec: public-and-guest §6); the browser never sends it.

/** getMiniTranslations: the page texts of every step; they do not change while the page is open. */
export const getMiniTranslationsQueryOptions = () =>
  $api.queryOptions('get', '/api/public/mini/translations', undefined, { staleTime: Number.POSITIVE_INFINITY });

export const useMiniTranslations = () => useQuery(getMiniTranslationsQueryOptions());

/** startMiniAssessment: the registration step; answers the assessment's id and the first section's questions. */
export const useStartMiniAssessment = () => $api.useMutation('post', '/api/public/mini/{coachUuid}/assessments');

/** submitMiniSection1: answers of questions 1 to 3; answers the second section's questions. */
export const useSubmitMiniSection1 = () => $api.useMutation('post', '/api/public/mini/assessments/{uniqueId}/section-1');

/** submitMiniSection2: the answer of question 4; answers the result. */
export const useSubmitMiniSection2 = () => $api.useMutation('post', '/api/public/mini/assessments/{uniqueId}/section-2');
