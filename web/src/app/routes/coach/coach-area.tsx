import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ComponentType, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { preloadDataTable } from '../../../components/data-table/lazy-data-table.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { prefetchAssessmentsTable } from '../../../features/assessments/api/prefetch-assessments-table.ts';
import { mayOpen } from '../../../features/coach-shell/utils/drawer-items.ts';
import { lazyWithPreload, type Preloadable, preloadWhenIdle } from '../../../lib/lazy-with-preload.ts';
import { type CoachScreenId, kebabOf, SCREENS } from '../../../lib/screens.ts';
import { sessionAtom, signedInAtom } from '../../../lib/session/session.ts';
import { sessionQueryOptions } from '../../../lib/session/session-api.ts';
import { CoachFrame } from '../../coach-frame.tsx';

/**
 * One lazy chunk per coach screen (app/routes/coach/<screen>.tsx exports `Component`), also loadable before its path
 * is visited (`preload()`): one fetched before renders in the same commit as the navigation. React shows a screen that
 * suspended no sooner than 300 ms after its fallback, so a screen that suspends costs that much however fast its chunk.
 * (Here, not in app/lazy-route.ts: the public pages' first load has no use for the preloading.)
 */
const preloadableRoute = (load: () => Promise<{ Component: ComponentType }>): Preloadable<object> =>
  lazyWithPreload(async () => ({ default: (await load()).Component }));

// Each screen of the manifest with its route module (`./<kebab-case id>.tsx`), in the manifest's order: a screen the
// role may not open goes to the dashboard (`mayOpen`).
const MODULES = import.meta.glob<{ Component: ComponentType }>(['./*.tsx', '!./coach-area.tsx']);
const ROUTES: readonly { path: string; screen: CoachScreenId; component: Preloadable<object> }[] = SCREENS.map(({ id, path }) => {
  const load = MODULES[`./${kebabOf(id)}.tsx`];
  if (!load) throw new Error(`the screen ${id} has no route module app/routes/coach/${kebabOf(id)}.tsx`);
  return { path, screen: id, component: preloadableRoute(load) };
});
const Assessments = ROUTES.find((route) => route.screen === 'assessments')?.component as Preloadable<object>;

const ToDashboard = () => <Redirect to="/dashboard" replace />;

/** The route a link of the area leads to (`/coachportal/assessments?…` or `/assessments`), if any. */
function routeOf(href: string) {
  const path = href.replace(/^\/coachportal/, '').split(/[?#]/)[0] ?? '';
  return ROUTES.find((route) => route.path === path || (route.path.includes(':') && path.startsWith(route.path.split(':')[0] ?? '')));
}

/** The signed-in area: a session (else the login page), the layout, and the screen of the path; unknown paths go to the dashboard. */
export function Component() {
  const session = useAtomValue(sessionAtom);
  const signedIn = useSetAtom(signedInAtom);
  // A reload or a bookmark: ask the BFF whether a session exists.
  const check = useQuery({ ...sessionQueryOptions(), enabled: session === null });

  useEffect(() => {
    if (!session && check.data) signedIn(check.data);
  }, [session, check.data, signedIn]);
  // Most screens are tables: the table's code, not part of any screen's first paint, is fetched once the area is
  // up and the browser idle, so that the next table screen opens with it at hand.
  const signedInNow = session !== null;
  useEffect(() => (signedInNow ? preloadWhenIdle(preloadDataTable) : undefined), [signedInNow]);
  // The assessments table is the screen most often opened next: its code and its first page are fetched when the
  // browser is idle, and any other screen's code when the pointer rests on, or the keyboard reaches, a link to it
  // (the drawer, the tiles).
  const queryClient = useQueryClient();
  const mayOpenAssessments = session !== null && mayOpen(session, 'assessments');
  useEffect(() => {
    if (!mayOpenAssessments) return undefined;
    return preloadWhenIdle(() => {
      Assessments.preload();
      void prefetchAssessmentsTable(queryClient);
    });
  }, [mayOpenAssessments, queryClient]);
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link) routeOf(link.getAttribute('href') ?? '')?.component.preload();
    };
    document.addEventListener('pointerover', onIntent);
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, []);

  if (!session) return check.isPending || check.data ? <Loading label="Loading..." /> : <Redirect to="/login" replace />;
  return (
    <CoachFrame session={session}>
      <Suspense fallback={<Loading label="Loading..." />}>
        <Switch>
          {ROUTES.map(({ path, screen, component }) => (
            <Route key={path} path={path} component={mayOpen(session, screen) ? component : ToDashboard} />
          ))}
          <Route>
            <Redirect to="/dashboard" replace />
          </Route>
        </Switch>
      </Suspense>
    </CoachFrame>
  );
}
