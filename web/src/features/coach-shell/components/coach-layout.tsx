import { useAtomValue } from 'jotai';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Logo } from '../../../components/brand/logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Toaster } from '../../../components/ui/toast.tsx';
import { usePageTitleValue } from '../../../lib/page-title.ts';
import { type Session, sessionAtom } from '../../../lib/session/session.ts';
import { useLogOut, useLogOutAtExpiry, useSessionFollowsChanges } from '../../../lib/session/session-api.ts';
import { useSessionTimer } from '../../../lib/session/use-session-timer.ts';
import { useUpdates } from '../hooks/use-updates.ts';
import { BalanceCircle } from './balance-circle.tsx';
import { CoachDrawer } from './coach-drawer.tsx';
import type { CoachShellParts } from './coach-shell-parts.ts';
import { FindAnythingLauncher } from './find-anything-launcher.tsx';
import { NewVersionNotice } from './new-version-notice.tsx';
import { SessionBanner } from './session-banner.tsx';
import { UpdateNotices } from './update-notices.tsx';
import './coach-layout.css';

// The expiry warning comes 29 minutes in: its dialog is fetched once the screen is up, not with it.
const loadExpiryDialog = () => import('./session-expiry-dialog.tsx');
const SessionExpiryDialog = lazy(async () => ({ default: (await loadExpiryDialog()).SessionExpiryDialog }));

export interface CoachLayoutProps {
  session: Session;
  parts: CoachShellParts;
  children: ReactNode;
}

/** The coach area's frame: the top bar, the side drawer, who is at the keyboard, and the session's timer. */
export function CoachLayout({ session, parts: { PoliciesGate, LeaveMessageDialog, FindAnything }, children }: CoachLayoutProps) {
  const logOut = useLogOut(session);
  const logOutAtExpiry = useLogOutAtExpiry(session);
  const phase = useSessionTimer();
  // The balance circle (and the drawer) show the session as it is after a charge or a credit back.
  useSessionFollowsChanges();
  // What the screens show follows the changes found in the coach's lists, told as notifications and a drawer badge.
  const updates = useUpdates();
  const signedIn = useAtomValue(sessionAtom) !== null;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // The screen's own h1 names it for assistive technology; the top bar repeats it for the eye.
  const pageTitle = usePageTitleValue();

  useEffect(() => {
    void loadExpiryDialog();
  }, []);

  // spec public-and-guest §4 "Session": the logout itself happens at expiry, and the login page says why.
  useEffect(() => {
    if (phase === 'expired' && signedIn) logOutAtExpiry();
  }, [phase, signedIn, logOutAtExpiry]);

  return (
    <div className="coach-layout">
      <a className="coach-layout__skip" href="#coach-main">
        Skip to content
      </a>
      <header className="coach-layout__header">
        <button
          ref={toggle}
          type="button"
          className="coach-layout__menu-toggle"
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <span className="coach-layout__menu-icon" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <Logo className="coach-layout__brand" />
        <span className="coach-layout__title" aria-hidden="true">
          {pageTitle}
        </span>
        <FindAnythingLauncher session={session} onLogOut={logOut} FindAnything={FindAnything} />
        {/* Balance is hidden for assistants (spec §2.1), so is the figure. */}
        {session.roles.assisted ? null : <BalanceCircle balance={session.coach.tokenBalance} />}
        {/* Phones: Log Out at hand without opening the menu (at desktop size it is the drawer's), as its icon: the width goes to the title. */}
        <Button variant="secondary" className="coach-layout__log-out" onPress={logOut}>
          <LogOut className="icon" aria-hidden="true" strokeWidth={1.75} />
          <span className="visually-hidden">Log Out</span>
        </Button>
      </header>
      <CoachDrawer
        session={session}
        id={drawerId}
        isOpen={drawerOpen}
        onClose={closeDrawer}
        onLogOut={logOut}
        toggleRef={toggle}
        LeaveMessageDialog={LeaveMessageDialog}
        counts={{ unseenAssessmentChanges: updates.unseenAssessmentChanges }}
        onOpen={(screen) => {
          if (screen === 'assessments') updates.assessmentsOpened();
        }}
      />
      <div className="coach-layout__body">
        <section className="coach-layout__notices" aria-label="Notices">
          <NewVersionNotice portalVersion={session.portalVersion} />
          <SessionBanner session={session} onReturnToCoaches={logOut} />
        </section>
        <main id="coach-main" tabIndex={-1} className="coach-layout__main page page--wide">
          {children}
        </main>
        <UpdateNotices notices={updates.notices} onDismiss={updates.dismiss} />
      </div>
      <Suspense fallback={null}>
        <PoliciesGate onLogOut={logOut} />
      </Suspense>
      <Suspense fallback={null}>{phase === 'warning' ? <SessionExpiryDialog isOpen onLogOut={logOut} /> : null}</Suspense>
      <Toaster />
    </div>
  );
}
