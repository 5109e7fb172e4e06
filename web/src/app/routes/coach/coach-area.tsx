import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Loading } from '../../../components/ui/loading.tsx';
import { CoachLayout } from '../../../features/coach-shell/components/coach-layout.tsx';
import { ComingSoon } from '../../../features/coach-shell/components/coming-soon.tsx';
import { COACH_SCREENS, type CoachScreenId } from '../../../features/coach-shell/utils/drawer-items.ts';
import { sessionAtom, signedInAtom } from '../../../lib/session/session.ts';
import { sessionQueryOptions } from '../../../lib/session/session-api.ts';
import { lazyRoute } from '../../lazy-route.ts';

// One lazy chunk per coach screen (app/routes/coach/<screen>.tsx exports `Component`).

const Dashboard = lazyRoute(() => import('./dashboard.tsx'));
const Messages = lazyRoute(() => import('./messages.tsx'));
const Assessments = lazyRoute(() => import('./assessments.tsx'));
const ScoGiven = lazyRoute(() => import('./sco-given.tsx'));
const Clients = lazyRoute(() => import('./clients.tsx'));
const ClientResults = lazyRoute(() => import('./client-results.tsx'));
const EmailTemplates = lazyRoute(() => import('./email-templates.tsx'));
const Balance = lazyRoute(() => import('./balance.tsx'));
const MiniAssessments = lazyRoute(() => import('./mini-assessments.tsx'));
const Help = lazyRoute(() => import('./help.tsx'));
const Samples = lazyRoute(() => import('./samples.tsx'));
const Teams = lazyRoute(() => import('./teams.tsx'));
const Team = lazyRoute(() => import('./team.tsx'));
const Profile = lazyRoute(() => import('./profile.tsx'));

// Screens not built yet show a 'coming soon' page; each leaves this list when its route file arrives.
const UPCOMING: readonly CoachScreenId[] = ['pairs'];

/** The signed-in area: a session (else the login page), the layout, and the screen of the path; unknown paths go to the dashboard. */
export function Component() {
  const session = useAtomValue(sessionAtom);
  const signedIn = useSetAtom(signedInAtom);
  // A reload or a bookmark: ask the BFF whether a session exists.
  const check = useQuery({ ...sessionQueryOptions(), enabled: session === null });

  useEffect(() => {
    if (!session && check.data) signedIn(check.data);
  }, [session, check.data, signedIn]);

  if (!session) return check.isPending || check.data ? <Loading label="Loading..." /> : <Redirect to="/login" replace />;
  return (
    <CoachLayout session={session}>
      <Suspense fallback={<Loading label="Loading..." />}>
        <Switch>
          <Route path="/dashboard" component={Dashboard} />
          <Route path="/messages" component={Messages} />
          <Route path="/assessments" component={Assessments} />
          <Route path="/sco-given" component={ScoGiven} />
          <Route path="/clients" component={Clients} />
          <Route path="/clighent/:clientId" component={ClientResults} />
          <Route path="/email-templates" component={EmailTemplates} />
          <Route path="/balance" component={Balance} />
          <Route path="/mini-assessments" component={MiniAssessments} />
          <Route path="/help" component={Help} />
          <Route path="/samples-and-brochures" component={Samples} />
          <Route path="/teams" component={Teams} />
          <Route path="/team" component={Team} />
          <Route path="/profile" component={Profile} />
          {UPCOMING.map((id) => (
            <Route key={id} path={`${COACH_SCREENS[id].path}/*?`}>
              <ComingSoon screen={id} />
            </Route>
          ))}
          <Route>
            <Redirect to="/dashboard" replace />
          </Route>
        </Switch>
      </Suspense>
    </CoachLayout>
  );
}
