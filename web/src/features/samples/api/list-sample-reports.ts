import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type SampleReport = components['schemas']['SampleReportList']['items'][number];

/** listSampleReports: the sample reports by type, HTML and PDF per language (spec coach-shell §2.8). */
export const sampleReportsQueryOptions = () => $api.queryOptions('get', '/api/samples');

export const useSampleReports = () => useQuery({ ...sampleReportsQueryOptions(), staleTime: Number.POSITIVE_INFINITY });
