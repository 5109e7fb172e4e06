import { useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Toaster } from '../../../components/ui/toast.tsx';
import { api, CSRF_HEADER } from '../../../lib/api-client.ts';
import { type Session, sessionAtom } from '../../../lib/session/session.ts';
import './coach-layout.css';

export interface CoachLayoutProps {
  session: Session;
  children: ReactNode;
}

/** The coach area's frame: who is signed in, who is at the keyboard, and Log Out. */
export function CoachLayout({ session, children }: CoachLayoutProps) {
  const setSession = useSetAtom(sessionAtom);
  const [, navigate] = useLocation();

  async function logOut() {
    await api.DELETE('/api/session', { params: { header: CSRF_HEADER } }).catch(() => undefined);
    setSession(null);
    // spec public-and-guest §6: an impersonator goes back to the admin's coach list.
    if (session.roles.impersonator) window.location.assign('/admin/coaches');
    else navigate('/login', { replace: true });
  }

  return (
    <div className="coach-layout">
      <header className="coach-layout__header">
        <span className="coach-layout__brand">Coach Portal</span>
        <span className="coach-layout__who">
          {session.coach.name} {session.coach.surname}
          {session.roles.impersonator ? ' (impersonated)' : ''}
          {session.roles.assisted && session.roles.assistant ? ` · assisted by ${session.roles.assistant.name}` : ''}
        </span>
        <Button variant="secondary" onPress={logOut}>
          Log Out
        </Button>
      </header>
      <main className="coach-layout__main page page--wide">{children}</main>
      <Toaster />
    </div>
  );
}
