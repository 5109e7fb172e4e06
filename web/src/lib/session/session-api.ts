import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { BASE_PATH } from '../../config/build.ts';
import { api } from '../api-client.ts';
import { type LoginNotice, loginNoticeState, SESSION_ENDED_NOTICE } from '../login-notice.ts';
import { $api } from '../query.ts';
import { queryKeyOf } from '../query-keys.ts';
import { type Session, sessionExtendedAtom, signedOutAtom } from './session.ts';

/** getSession: the current session, `null` when there is none (401) or the BFF cannot be reached. */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  const { data } = await api.GET('/api/session', { signal }).catch(() => ({ data: undefined }));
  return data ?? null;
}

/** Asked afresh each time (a guard or the login page), never kept: a session is not a cache entry. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: queryKeyOf('/api/session'), queryFn: ({ signal }) => getSession(signal), gcTime: 0, retry: false });

/**
 * The signed-in session follows the changes made to what it holds: an action that changes it (a charge or a credit
 * back changes the token balance the top bar shows: `balanceChanged`) invalidates `queryKeyOf('/api/session')`, and
 * the session is read again into `sessionAtom`, so the shell shows what the Balance screen shows without a reload.
 * Mounted once, by the coach layout.
 */
export function useSessionFollowsChanges(): void {
  const extended = useSetAtom(sessionExtendedAtom);
  const { data } = useQuery({
    queryKey: [...queryKeyOf('/api/session'), 'signed-in'],
    queryFn: ({ signal }) => getSession(signal),
    // Nothing to ask until a change makes it stale: the session was read at sign-in.
    initialData: null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (data) extended(data);
  }, [data, extended]);
}

/** extendSession: Continue in the expiry warning (spec public-and-guest §4); the new session restarts the timer. */
export function useExtendSession() {
  const extended = useSetAtom(sessionExtendedAtom);
  return $api.useMutation('post', '/api/session/extend', { onSuccess: (session) => extended(session) });
}

/**
 * deleteSession: ends the session and answers where to go next, `/admin/coaches` for an
 * impersonator (spec public-and-guest §6). When the session is already gone the BFF cannot tell,
 * so the role the client knew decides.
 */
export async function endSession(wasImpersonator: boolean): Promise<string> {
  const { data } = await api.DELETE('/api/session').catch(() => ({ data: undefined }));
  return data?.redirectTo ?? (wasImpersonator ? '/admin/coaches' : `${BASE_PATH}/login`);
}

/** Ends the session; `notice` is handed to the login page (e.g. why the coach is there). */
function useEndSession(session: Session): (notice: LoginNotice | null) => void {
  const signedOut = useSetAtom(signedOutAtom);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { mutate } = useMutation({
    mutationKey: ['delete', '/api/session'],
    mutationFn: (_notice: LoginNotice | null) => endSession(session.roles.impersonator),
    onSuccess: (redirectTo, notice) => {
      if (redirectTo.startsWith(`${BASE_PATH}/`)) {
        navigate(redirectTo.slice(BASE_PATH.length), { replace: true, ...(notice && { state: loginNoticeState(notice) }) });
        signedOut();
        queryClient.clear();
      } else {
        // spec public-and-guest §6: an impersonator goes back to the admin application's coach list.
        window.location.assign(redirectTo);
      }
    },
  });
  return mutate;
}

/** Log Out (drawer, expiry warning): the BFF ends the session, the cache forgets the coach's data. */
export function useLogOut(session: Session): () => void {
  const end = useEndSession(session);
  return () => end(null);
}

/** The logout at expiry (spec public-and-guest §4 "Session"): as Log Out, and the login page says the session ended. */
export function useLogOutAtExpiry(session: Session): () => void {
  const end = useEndSession(session);
  return () => end(SESSION_ENDED_NOTICE);
}
