import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type HistoryKind = components['schemas']['AssessmentHistory']['kind'];
export type HistoryEntry = components['schemas']['HistoryEntry'];

/** listAssessmentHistory: the invite or report e-mails sent for one assessment (spec assessments-and-clients §2.4, §3.3). */
export const listAssessmentHistoryQueryOptions = (assessmentId: string, kind: HistoryKind) =>
  $api.queryOptions('get', '/api/assessments/{assessmentId}/history', { params: { path: { assessmentId }, query: { kind } } });

export const useAssessmentHistory = (assessmentId: string, kind: HistoryKind) =>
  useQuery(listAssessmentHistoryQueryOptions(assessmentId, kind));
