import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type ClientDetails = components['schemas']['ClientDetails'];
export type ClientAssessment = components['schemas']['ClientAssessment'];
export type ReportLink = components['schemas']['ReportLink'];

/** getClient: a client with every assessment and its report links (spec assessments-and-clients §2.1 client results page). */
export const getClientQueryOptions = (clientId: string) =>
  $api.queryOptions('get', '/api/clients/{clientId}', { params: { path: { clientId } } });

export const useClient = (clientId: string) => useQuery(getClientQueryOptions(clientId));
