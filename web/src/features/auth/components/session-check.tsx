import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { problemCode, problemMessage } from '../../../lib/problem.ts';
import { useStartImpersonatedSession } from '../api/start-impersonated-session.ts';
import './auth.css';

/** The Session check page (spec public-and-guest §2 "Session check", §6 "Impersonation or assist"). */
export function SessionCheck() {
  usePageTitle('Session Check');
  const [, navigate] = useLocation();
  const { mutate, error, isError } = useStartImpersonatedSession();
  // Asked once per visit of the page (a remount in development must not open a second session).
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate(
      {},
      {
        onSuccess: () => navigate('/dashboard', { replace: true }),
        // spec §2 "Session check" has no text for a session the server does not allow (a visitor who never signed
        // in has no session that "ended"): such a visitor is sent to the login page, as after a 403 (spec §4).
        onError: (failure) => {
          if (problemCode(failure) === 'session_not_allowed') navigate('/login', { replace: true });
        },
      },
    );
  }, [mutate, navigate]);
  const refused = isError && problemCode(error) === 'session_not_allowed';

  return (
    <main className="page auth-page">
      <h1>Session Check</h1>
      {!isError || refused ? (
        <Loading label="Checking for valid session..." />
      ) : (
        <>
          <Alert tone="error">{problemMessage(error)}</Alert>
          <p>
            <Link href="/login">Go to the login page</Link>
          </p>
        </>
      )}
    </main>
  );
}
