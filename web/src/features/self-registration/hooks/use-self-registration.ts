import { useEffect, useState } from 'react';
import { fetchSelfRegistration, type SelfRegistration } from '../api/self-registration-api.ts';

export type PageState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; page: SelfRegistration };

/** Loads the coach's registration page: coach name, price string, currency, languages. */
export function useSelfRegistration(coachUuid: string): PageState {
  const [state, setState] = useState<PageState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSelfRegistration(coachUuid, controller.signal).then(
      (result) => setState(result.ok ? { status: 'ready', page: result.value } : { status: 'failed', message: result.message }),
      () => undefined, // aborted: the page is gone or the link changed
    );
    return () => controller.abort();
  }, [coachUuid]);
  return state;
}
