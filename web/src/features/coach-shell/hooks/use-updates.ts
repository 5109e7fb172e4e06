import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { queryKeyOf, type ReadPath } from '../../../lib/query-keys.ts';
import { screen } from '../../../lib/screens.ts';
import { getUpdates, type Update, type Updates } from '../api/get-updates.ts';
import { isCurrent } from '../utils/drawer-items.ts';

/** How often to ask until the BFF has said (its default); a failed first call is asked again after it too. */
export const FALLBACK_INTERVAL_SECONDS = 120;

/** The notifications on screen at once: the newest; the table and the drawer's badge tell the rest. */
export const MAX_NOTICES = 3;

/** A change told as a notification: its text and the portal path it leads to. */
export interface UpdateNotice {
  id: string;
  text: string;
  link: string;
}

export interface StaysCurrent {
  /** The changes not yet dismissed, oldest first. */
  notices: readonly UpdateNotice[];
  dismiss: (id: string) => void;
  /** The assessments' changes since the coach last opened the Assessments screen (its drawer badge). */
  unseenAssessmentChanges: number;
  /** The coach opened the Assessments screen (also when already on it): its badge is cleared. */
  assessmentsOpened: () => void;
}

// Not a list's key: no list invalidation reaches it, and it is the poller's alone.
const UPDATES_KEY = [...queryKeyOf('/api/updates'), 'poller'] as const;

// What a coach screen shows of the coach's lists: every page of the tables (assessments and SCO Given are one path,
// clients, teams, pairs), a client's and a team's page, the dashboard's tiles, and the session behind the drawer's
// badges and the balance circle (`useSessionFollowsChanges` reads it again), and the insights counted from them.
const LIST_PATHS = [
  '/api/assessments',
  '/api/assessments/ids',
  '/api/clients',
  '/api/clients/{clientId}',
  '/api/teams',
  '/api/teams/{teamId}',
  '/api/pairs',
  '/api/dashboard',
  '/api/insights/completions',
  '/api/insights/teams/{teamId}',
  '/api/session',
] as const satisfies readonly ReadPath[];

const ASSESSMENT_KINDS: ReadonlySet<Update['kind']> = new Set(['assessmentCompleted', 'reportsReady']);

function listsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(LIST_PATHS.map((path) => queryClient.invalidateQueries({ queryKey: queryKeyOf(path) })));
}

/**
 * The coach area keeps what it shows current (getUpdates): one poller for the area, asking when the tab becomes
 * visible or the window gets the focus and every `intervalSeconds` of the last answer, never while the tab is
 * hidden (TanStack's interval skips a hidden document, its focus refetch is the visibility change). The first call
 * goes without a cursor, every later one with the last answer's. A `version` other than the last one seen makes the
 * lists stale (the screens on show refetch them); each change is told once, however often it is answered.
 * Mounted once, by the coach layout.
 */
export function useUpdates(): StaysCurrent {
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const [notices, setNotices] = useState<readonly UpdateNotice[]>([]);
  const [unseenAssessmentChanges, setUnseen] = useState(0);
  const known = useRef<{ cursor?: string; version?: string; told: Set<string> }>({ told: new Set() });

  // Each answer is taken as it arrives, in the query function: none is missed between two renders.
  const take = (answer: Updates) => {
    const seen = known.current;
    if (seen.version !== undefined && answer.version !== seen.version) void listsChanged(queryClient);
    seen.version = answer.version;
    seen.cursor = answer.cursor;
    const fresh = answer.changes.filter((change) => !seen.told.has(change.id));
    if (fresh.length === 0) return;
    for (const change of fresh) seen.told.add(change.id);
    setNotices((shown) => [...shown, ...fresh.map(({ id, text, link }) => ({ id, text, link }))].slice(-MAX_NOTICES));
    const forAssessments = fresh.filter((change) => ASSESSMENT_KINDS.has(change.kind)).length;
    if (forAssessments > 0) setUnseen((count) => count + forAssessments);
  };

  const { refetch } = useQuery({
    queryKey: UPDATES_KEY,
    queryFn: async ({ signal }) => {
      const answer = await getUpdates(known.current.cursor, signal);
      take(answer);
      return answer;
    },
    // The interval restarts with every answer, so a poll on focus puts the next one off.
    refetchInterval: (query) => (query.state.data?.intervalSeconds ?? FALLBACK_INTERVAL_SECONDS) * 1000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

  // TanStack's focus is the tab's visibility; a window given the focus back (another application was in front) asks
  // too. A call still running is joined, not repeated (focus and visibility often come together).
  useEffect(() => {
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  const assessmentsOpened = useCallback(() => setUnseen(0), []);
  useEffect(() => {
    if (isCurrent(screen('assessments').path, location)) assessmentsOpened();
  }, [location, assessmentsOpened]);

  const dismiss = useCallback((id: string) => setNotices((shown) => shown.filter((notice) => notice.id !== id)), []);
  return { notices, dismiss, unseenAssessmentChanges, assessmentsOpened };
}
