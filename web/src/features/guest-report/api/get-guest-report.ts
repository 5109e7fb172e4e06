import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import type { GuestReportRequest } from '../utils/report-request.ts';

/** getGuestReport: the report of a guest link; a failure is the problem whose text the page shows (spec: public-and-guest §8). */
export const getGuestReportQueryOptions = ({ reportCode, guestId, query }: GuestReportRequest) =>
  $api.queryOptions('get', '/api/public/reports/{reportCode}/{guestId}', { params: { path: { reportCode, guestId }, query } });

/**
 * The report for the request, asked for again whenever the request changes (e.g. the language);
 * the report last shown stays meanwhile, so that focus stays on the switcher.
 */
export const useGuestReport = (request: GuestReportRequest) =>
  useQuery({ ...getGuestReportQueryOptions(request), placeholderData: keepPreviousData });
