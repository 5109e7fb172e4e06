import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Toaster } from '../../../components/ui/toast.tsx';
import type { Session } from '../../../lib/session/session.ts';
import { useLogOut } from '../hooks/use-log-out.ts';
import { useSessionTimer } from '../hooks/use-session-timer.ts';
import { NewVersionNotice } from './new-version-notice.tsx';
import { SessionBanner } from './session-banner.tsx';
import { SessionExpiryDialog } from './session-expiry-dialog.tsx';
import './coach-layout.css';

export interface CoachLayoutProps {
  session: Session;
  children: ReactNode;
}

/** The coach area's frame: who is signed in, who is at the keyboard, Log Out, and the session's timer. */
export function CoachLayout({ session, children }: CoachLayoutProps) {
  const logOut = useLogOut(session);
  const { phase } = useSessionTimer(session);

  // spec public-and-guest §4 "Session": the logout itself happens at expiry.
  useEffect(() => {
    if (phase === 'expired') void logOut();
  }, [phase, logOut]);

  return (
    <div className="coach-layout">
      <header className="coach-layout__header">
        <span className="coach-layout__brand">Coach Portal</span>
        <span className="coach-layout__who">
          {session.coach.name} {session.coach.surname}
          {session.roles.assisted ? <span className="coach-layout__badge">Assistant</span> : null}
        </span>
        <Button variant="secondary" onPress={logOut}>
          Log Out
        </Button>
        <div className="coach-layout__notices">
          <NewVersionNotice portalVersion={session.portalVersion} />
          <SessionBanner session={session} onReturnToCoaches={logOut} />
        </div>
      </header>
      <main className="coach-layout__main page page--wide">{children}</main>
      <SessionExpiryDialog isOpen={phase === 'warning'} onLogOut={logOut} />
      <Toaster />
    </div>
  );
}
