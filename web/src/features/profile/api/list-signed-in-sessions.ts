import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type SignedInSession = components['schemas']['SignedInSession'];

/** listSignedInSessions: where the account is signed in, this session first. */
export const signedInSessionsQueryOptions = () => $api.queryOptions('get', '/api/profile/sessions');

export const useSignedInSessions = () => useQuery(signedInSessionsQueryOptions());
