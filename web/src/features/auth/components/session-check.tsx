import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { sessionAtom } from '../../../lib/session/session.ts';
import { startImpersonatedSession } from '../api/auth-calls.ts';
import './auth.css';

/** The Session check page (spec public-and-guest §2 "Session check", §6 "Impersonation or assist"). */
export function SessionCheck() {
  usePageTitle('Session Check');
  const setSession = useSetAtom(sessionAtom);
  const [, navigate] = useLocation();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    startImpersonatedSession(controller.signal)
      .then((answer) => {
        if ('session' in answer) {
          setSession(answer.session);
          navigate('/dashboard', { replace: true });
        } else if (!controller.signal.aborted) {
          setMessage(answer.message);
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [navigate, setSession]);

  return (
    <main className="page auth-page">
      <h1>Session Check</h1>
      {message === null ? (
        <Loading label="Checking for valid session..." />
      ) : (
        <>
          <Alert tone="error">{message}</Alert>
          <p>
            <Link href="/login">Go to the login page</Link>
          </p>
        </>
      )}
    </main>
  );
}
