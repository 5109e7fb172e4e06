import type { LucideIcon } from 'lucide-react';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import LogOut from 'lucide-react/icons/log-out';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import { type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { EmailAddress } from '../../../components/email-address.tsx';
import { AssistantBadge, Badge } from '../../../components/ui/badge.tsx';
import { screen } from '../../../lib/screens.ts';
import type { Session } from '../../../lib/session/session.ts';
import { type CoachScreenId, type DrawerCounts, drawerItems, isCurrent, offersSupport } from '../utils/drawer-items.ts';
import type { CoachShellParts } from './coach-shell-parts.ts';

export interface CoachDrawerProps {
  session: Session;
  id: string;
  /** Phones only: the drawer is shown over the page (the toggle in the top bar opens it). */
  isOpen: boolean;
  onClose: () => void;
  onLogOut: () => void;
  /** Where the focus goes back when the phone drawer closes by Esc. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Leave A Message's dialog (another feature's, composed by the app). */
  LeaveMessageDialog: CoachShellParts['LeaveMessageDialog'];
  /** The counts the drawer's badges show besides the session's (the assessments' unseen updates). */
  counts?: DrawerCounts;
  /** A screen's item was pressed, also the current one's (opening Assessments clears its badge). */
  onOpen?: (id: CoachScreenId) => void;
}

const initials = (coach: Session['coach']) => `${coach.name.charAt(0)}${coach.surname.charAt(0)}`.toUpperCase();

/** The side drawer (spec coach-shell §2.1): the profile link, the screens this coach may open, Log Out. */
export function CoachDrawer({ session, id, isOpen, onClose, onLogOut, toggleRef, LeaveMessageDialog, counts, onOpen }: CoachDrawerProps) {
  const [location] = useLocation();
  const panel = useRef<HTMLElement>(null);
  const { coach, roles } = session;
  const [leavingMessage, setLeavingMessage] = useState(false);

  // Opened on a phone: the first link takes the focus; Esc closes and gives it back to the toggle.
  useEffect(() => {
    if (!isOpen) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, onClose, toggleRef]);

  const link = (path: string) => ({
    href: path,
    'aria-current': isCurrent(path, location) ? ('page' as const) : undefined,
    onClick: onClose,
  });

  return (
    <>
      <div className="coach-drawer__backdrop" data-open={isOpen || undefined} aria-hidden="true" onClick={onClose} />
      <nav ref={panel} id={id} aria-label="Main" className="coach-drawer" data-open={isOpen || undefined}>
        <Link {...link(screen('profile').path)} className="coach-drawer__profile">
          {coach.photoUrl ? (
            <img className="coach-drawer__avatar coach-drawer__avatar--photo" src={coach.photoUrl} alt="" width={40} height={40} />
          ) : (
            <span className="coach-drawer__avatar" aria-hidden="true">
              {initials(coach)}
            </span>
          )}
          <span className="coach-drawer__who">
            <span className="coach-drawer__name">
              {coach.name} {coach.surname}
            </span>
            {roles.assisted ? <AssistantBadge /> : null}
            <span className="visually-hidden">: profile</span>
          </span>
        </Link>
        <div className="coach-drawer__nav">
          <ul>
            {drawerItems(session, counts).map((item) => (
              <li key={item.id} className={item.hideOnPhone ? 'coach-drawer__item--not-phone' : undefined}>
                <Link
                  {...link(item.path)}
                  onClick={() => {
                    onClose();
                    onOpen?.(item.id);
                  }}
                  className="coach-drawer__link"
                >
                  <DrawerIcon icon={item.icon} />
                  <span className="coach-drawer__label">{item.label}</span>
                  {item.badge ? (
                    <Badge>
                      {/* A count is read as its label ('1 update'), not as a bare figure before it. */}
                      {item.badge.count ? <span aria-hidden="true">{item.badge.text}</span> : item.badge.text}
                      <span className="visually-hidden">: {item.badge.label}</span>
                    </Badge>
                  ) : null}
                </Link>
              </li>
            ))}
            <li className="coach-drawer__log-out">
              <button type="button" className="coach-drawer__link" onClick={onLogOut}>
                <DrawerIcon icon={LogOut} />
                Log Out
              </button>
            </li>
            {offersSupport(session) ? (
              <>
                <li>
                  <button
                    type="button"
                    className="coach-drawer__link"
                    onClick={() => {
                      setLeavingMessage(true);
                      // On a phone the dialog replaces the drawer rather than opening under it.
                      onClose();
                    }}
                  >
                    <DrawerIcon icon={NotebookPen} />
                    Leave A Message
                  </button>
                </li>
                <li>
                  <a className="coach-drawer__link coach-drawer__help-email" href={`mailto:${session.supportEmail}`}>
                    <DrawerIcon icon={LifeBuoy} />
                    <span className="coach-drawer__label">
                      Email support
                      <EmailAddress className="coach-drawer__help-address" address={session.supportEmail} />
                    </span>
                  </a>
                </li>
              </>
            ) : null}
          </ul>
        </div>
      </nav>
      {leavingMessage ? (
        <Suspense fallback={null}>
          <LeaveMessageDialog
            isOpen
            onClose={() => {
              setLeavingMessage(false);
              // The button that opened it went with the phone drawer: the menu toggle (shown only on a phone) takes the focus.
              if (toggleRef.current?.offsetParent) toggleRef.current.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function DrawerIcon({ icon: Icon }: { icon: LucideIcon | undefined }) {
  return Icon ? <Icon className="icon coach-drawer__icon" aria-hidden="true" strokeWidth={1.75} /> : null;
}
