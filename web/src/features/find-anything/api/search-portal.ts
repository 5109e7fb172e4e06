import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type SearchResults = components['schemas']['SearchResults'];
export type ClientRow = components['schemas']['ClientRow'];
export type AssessmentRow = components['schemas']['AssessmentRow'];
export type TeamRow = components['schemas']['TeamRow'];
export type PairRow = components['schemas']['PairRow'];

/** Records of each kind the palette shows: a screenful, the rest behind each kind's "all matching" link. */
export const SEARCH_LIMIT = 5;
/** How long the typing rests before the BFF is asked: one search a pause, not one a key. */
export const SEARCH_DEBOUNCE_MS = 150;

export const searchPortalQueryOptions = (q: string) =>
  $api.queryOptions('get', '/api/search', { params: { query: { q, limit: SEARCH_LIMIT } } });

export interface PortalSearch {
  /** The answer shown: the current text's, or while it loads the previous one (`isStale`). */
  results: SearchResults | undefined;
  /** The results answer an older text: the current one is on its way. */
  isStale: boolean;
  /** No answer to show yet. */
  isSearching: boolean;
  error: unknown;
}

/**
 * searchPortal as the coach types: asked once the typing rests, for the trimmed text. An answer counts only for the
 * search it says it answers (its `q`): one that answers another text is dropped. The last answer stays on screen,
 * marked stale, until the current text's arrives, so the list does not blink empty between keys.
 */
export function useSearchPortal(text: string): PortalSearch {
  const typed = text.trim();
  const [q, setQ] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({ ...searchPortalQueryOptions(q), enabled: q !== '', placeholderData: keepPreviousData, staleTime: 30_000 });
  const fresh = query.data && !query.isPlaceholderData && query.data.q === q ? query.data : undefined;
  const last = useRef<SearchResults | undefined>(undefined);
  if (fresh) last.current = fresh;
  if (typed === '') return { results: undefined, isStale: false, isSearching: false, error: null };
  const current = fresh?.q === typed ? fresh : undefined;
  const error = q === typed ? query.error : null;
  return {
    results: current ?? last.current,
    isStale: current === undefined && last.current !== undefined,
    isSearching: current === undefined && error === null,
    error,
  };
}
