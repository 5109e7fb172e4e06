import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ComponentType, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { preloadDataTable } from '../../../components/data-table/lazy-data-table.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { prefetchAssessmentsTable } from '../../../features/assessments/api/prefetch-assessments-table.ts';
import { type CoachScreenId, mayOpen } from '../../../features/coach-shell/utils/drawer-items.ts';
import { lazyWithPreload, type Preloadable, preloadWhenIdle } from '../../../lib/lazy-with-preload.ts';
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

const Dashboard = preloadableRoute(() => import('./dashboard.tsx'));
const Messages = preloadableRoute(() => import('./messages.tsx'));
const Assessments = preloadableRoute(() => import('./assessments.tsx'));
const ScoGiven = preloadableRoute(() => import('./sco-given.tsx'));
const Clients = preloadableRoute(() => import('./clients.tsx'));
const ClientResults = preloadableRoute(() => import('./client-results.tsx'));
const EmailTemplates = preloadableRoute(() => import('./email-templates.tsx'));
const Balance = preloadableRoute(() => import('./balance.tsx'));
const MiniAssessments = preloadableRoute(() => import('./mini-assessments.tsx'));
const Help = preloadableRoute(() => import('./help.tsx'));
const Samples = preloadableRoute(() => import('./samples.tsx'));
const Teams = preloadableRoute(() => import('./teams.tsx'));
const Team = preloadableRoute(() => import('./team.tsx'));
const Pairs = preloadableRoute(() => import('./pairs.tsx'));
const Profile = preloadableRoute(() => import('./profile.tsx'));

// Each address with the screen it belongs to: a screen the role may not open goes to the dashboard (`mayOpen`).
const ROUTES: readonly { path: string; screen: CoachScreenId; component: Preloadable<object> }[] = [
  { path: '/dashboard', screen: 'dashboard', component: Dashboard },
  { path: '/messages', screen: 'messages', component: Messages },
  { path: '/assessments', screen: 'assessments', component: Assessments },
  { path: '/sco-given', screen: 'scoGiven', component: ScoGiven },
  { path: '/clients', screen: 'assessments', component: Clients },
  { path: '/clighent/:clientId', screen: 'assessments', component: ClientResults },
  { path: '/email-templates', screen: 'emailTemplates', component: EmailTemplates },
  { path: '/balance', screen: 'balance', component: Balance },
  { path: '/mini-assessments', screen: 'miniAssessments', component: MiniAssessments },
  { path: '/help', screen: 'help', component: Help },
  { path: '/samples-and-brochures', screen: 'samplesAndBrochures', component: Samples },
  { path: '/teams', screen: 'teams', component: Teams },
  { path: '/team', screen: 'team', component: Team },
  { path: '/pairs', screen: 'pairs', component: Pairs },
  { path: '/profile', screen: 'profile', component: Profile },
];

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
