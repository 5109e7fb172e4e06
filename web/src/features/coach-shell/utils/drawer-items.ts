import type { LucideIcon } from 'lucide-react';
import { type CoachScreenId, SCREENS, screen } from '../../../lib/screens.ts';
import type { Session } from '../../../lib/session/session.ts';

export type { CoachScreenId };

/** A drawer item: a screen of the manifest (lib/screens.ts) with its icon and its badge. */
export interface DrawerItem {
  id: CoachScreenId;
  path: string;
  label: string;
  icon: LucideIcon;
  /**
   * A badge after the label: 'New' (Pairs), the unread messages, or the assessments' updates not yet seen. A count is
   * read as its label alone ('Assessments: 1 update'), a word as both ('Messages New: unread messages').
   */
  badge?: { text: string; label: string; count?: true };
  /** Hidden at phone width (spec coach-shell §2.1: Balance). */
  hideOnPhone?: boolean;
}

type SessionRoles = Pick<Session, 'coach' | 'roles'>;

/**
 * Whether the session may open a screen by its address (spec coach-shell §2.1, read from the manifest's `access`): a
 * screen the role may not open goes to the dashboard instead (the BFF refuses its calls too). The profile is every
 * coach's; SCO Given stays open once the last SCO is revoked (its list is then empty), except to a coach limited to
 * minis; an assistant's drawer has no Assessments, yet they may add clients for the coach (assessments-and-clients
 * §1, §6): the screen opens through the dashboard's Add New Client.
 */
export function mayOpen({ coach, roles }: SessionRoles, id: CoachScreenId): boolean {
  const { access } = screen(id);
  if (coach.onlyMiniAssessment && !access.miniOnlyCoach) return false;
  if (roles.assisted && access.assistant === 'closed') return false;
  if (access.needsMinis) return coach.enableMiniAssessment || coach.onlyMiniAssessment;
  return true;
}

/** Whether the drawer and the palette list a screen: one the session may open, not by its address only, SCO Given once given. */
export function isListed(session: SessionRoles, id: CoachScreenId): boolean {
  const { access } = screen(id);
  if (!mayOpen(session, id)) return false;
  if (session.roles.assisted && access.assistant !== 'listed') return false;
  return !access.listedOnceScosGiven || session.coach.countOfGivenSCOs > 0;
}

/** What the drawer counts besides the session: the assessments' changes told since the coach last opened the screen. */
export interface DrawerCounts {
  unseenAssessmentChanges?: number;
}

const updatesLabel = (count: number) => (count === 1 ? '1 update' : `${count} updates`);

/** The drawer's screens for this session, in the manifest's order (spec coach-shell §2.1; Log Out is always last). */
export function drawerItems(session: SessionRoles, { unseenAssessmentChanges = 0 }: DrawerCounts = {}): DrawerItem[] {
  const { coach } = session;
  return SCREENS.flatMap((entry): DrawerItem[] => {
    const { id, path, label } = entry;
    if (!('drawer' in entry) || !isListed(session, id)) return [];
    const { drawer } = entry;
    const item: DrawerItem = { id, path, label, icon: drawer.icon, ...('hideOnPhone' in drawer && { hideOnPhone: true }) };
    if (id === 'assessments' && unseenAssessmentChanges > 0) {
      return [{ ...item, badge: { text: String(unseenAssessmentChanges), label: updatesLabel(unseenAssessmentChanges), count: true } }];
    }
    if (id === 'pairs') return [{ ...item, badge: { text: 'New', label: 'new feature' } }];
    if (id === 'messages' && coach.newMessages) return [{ ...item, badge: { text: 'New', label: 'unread messages' } }];
    return [item];
  });
}

/** The palette's screens for this session: the drawer's, then the listed ones the drawer names no item for (Clients, Profile). */
export function paletteScreens(session: SessionRoles): { id: CoachScreenId; path: string; label: string; icon?: LucideIcon }[] {
  const extras = SCREENS.filter((entry) => 'palette' in entry && isListed(session, entry.id)).map(({ id, path, label }) => ({
    id,
    path,
    label,
  }));
  return [...drawerItems(session).map(({ id, path, label, icon }) => ({ id, path, label, icon })), ...extras];
}

/**
 * Whether the drawer offers 'Leave A Message' and the help e-mail link (spec coach-shell §2.1): not to a coach
 * limited to mini-assessments, who sees only Dashboard, Mini-Assessments, Messages, Samples and Log Out.
 */
export function offersSupport({ coach }: SessionRoles): boolean {
  return !coach.onlyMiniAssessment;
}

/** The drawer item a location belongs to (a screen's sub-pages keep their item current). */
export function isCurrent(path: string, location: string): boolean {
  return location === path || location.startsWith(`${path}/`);
}
