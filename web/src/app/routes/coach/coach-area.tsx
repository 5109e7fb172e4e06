import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Loading } from '../../../components/ui/loading.tsx';
import { CoachLayout } from '../../../features/coach-shell/components/coach-layout.tsx';
import { Dashboard } from '../../../features/coach-shell/components/dashboard.tsx';
import { fetchSession, sessionAtom } from '../../../lib/session/session.ts';

/** The signed-in area: needs a session, else the login page; unknown paths go to the dashboard. */
export function Component() {
  const [session, setSession] = useAtom(sessionAtom);
  const [checked, setChecked] = useState(session !== null);

  useEffect(() => {
    if (checked) return;
    const controller = new AbortController();
    fetchSession(controller.signal)
      .then((fresh) => {
        setSession(fresh);
        setChecked(true);
      })
      .catch(() => {
        if (!controller.signal.aborted) setChecked(true);
      });
    return () => controller.abort();
  }, [checked, setSession]);

  if (!checked) return <Loading label="Loading..." />;
  if (!session) return <Redirect to="/login" replace />;
  return (
    <CoachLayout session={session}>
      <Switch>
        <Route path="/dashboard">
          <Dashboard session={session} />
        </Route>
        <Route>
          <Redirect to="/dashboard" replace />
        </Route>
      </Switch>
    </CoachLayout>
  );
}
