import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type ReportEmailRequest = components['schemas']['ReportEmailRequest'];

/**
 * previewReportEmail: the one representative report e-mail of Send Reports (spec assessments-and-clients §2.4
 * "preview", §5 "Preview also requires a selected report"; coach-shell §9). Sends nothing: a query keyed by the
 * request, asked while the Preview dialog is open.
 */
export const previewReportEmailQueryOptions = (body: ReportEmailRequest) =>
  $api.queryOptions('post', '/api/assessments/report-email-previews', { body });

export const useReportEmailPreview = (body: ReportEmailRequest, enabled: boolean) =>
  useQuery({ ...previewReportEmailQueryOptions(body), enabled });
