import type { Session } from '../../../lib/session/session.ts';

/** A screen of the coach area: its path (spec coach-shell §2) and the drawer's label. */
export interface CoachScreen {
  path: string;
  label: string;
}

/** Every coach screen the drawer or the profile link opens, in the drawer's order (spec coach-shell §2.1). */
export const COACH_SCREENS = {
  dashboard: { path: '/dashboard', label: 'Dashboard' },
  assessments: { path: '/assessments', label: 'Assessments' },
  miniAssessments: { path: '/mini-assessments', label: 'Mini-Assessments' },
  scoGiven: { path: '/sco-given', label: 'SCO Given' },
  teams: { path: '/teams', label: 'Teams' },
  pairs: { path: '/pairs', label: 'Pairs' },
  balance: { path: '/balance', label: 'Balance' },
  emailTemplates: { path: '/email-templates', label: 'Email Templates' },
  messages: { path: '/messages', label: 'Messages' },
  samplesAndBrochures: { path: '/samples-and-brochures', label: 'Samples & Brochures' },
  help: { path: '/help', label: 'Help' },
  profile: { path: '/profile', label: 'Profile' },
  team: { path: '/team', label: 'Team report' },
} as const satisfies Record<string, CoachScreen>;

export type CoachScreenId = keyof typeof COACH_SCREENS;

export interface DrawerItem extends CoachScreen {
  id: CoachScreenId;
  /**
   * A badge after the label: 'New' (Pairs), the unread messages, or the assessments' updates not yet seen. A count is
   * read as its label alone ('Assessments: 1 update'), a word as both ('Messages New: unread messages').
   */
  badge?: { text: string; label: string; count?: true };
  /** Hidden at phone width (spec coach-shell §2.1: Balance). */
  hideOnPhone?: boolean;
}

const DRAWER_ORDER: readonly CoachScreenId[] = [
  'dashboard',
  'assessments',
  'miniAssessments',
  'scoGiven',
  'teams',
  'pairs',
  'balance',
  'emailTemplates',
  'messages',
  'samplesAndBrochures',
  'help',
];

// spec coach-shell §2.1: a mini-only coach sees Dashboard, Mini-Assessments, Messages, Samples and Log Out.
const MINI_ONLY: ReadonlySet<CoachScreenId> = new Set(['dashboard', 'miniAssessments', 'messages', 'samplesAndBrochures']);
// spec coach-shell §2.1: hidden while an assistant is signed in.
const NOT_FOR_ASSISTANTS: ReadonlySet<CoachScreenId> = new Set(['assessments', 'teams', 'pairs', 'balance']);

type SessionRoles = Pick<Session, 'coach' | 'roles'>;

/** Whether the role may use a screen of the drawer (spec coach-shell §2.1): a mini-only coach and an assistant see fewer. */
function roleMayUse({ coach, roles }: SessionRoles, id: CoachScreenId): boolean {
  if (coach.onlyMiniAssessment && !MINI_ONLY.has(id)) return false;
  if (roles.assisted && NOT_FOR_ASSISTANTS.has(id)) return false;
  if (id === 'miniAssessments') return coach.enableMiniAssessment || coach.onlyMiniAssessment;
  return true;
}

/**
 * Whether the session may open a screen by its address: a screen the drawer hides from the role opens the dashboard
 * instead (the BFF refuses its calls too). The profile is every coach's; the team report page goes with Teams; SCO
 * Given stays open once the last SCO is revoked (its list is then empty), except to a coach limited to minis. An
 * assistant's drawer has no Assessments, yet they may add clients for the coach (assessments-and-clients §1, §6):
 * the screen opens through the dashboard's Add New Client.
 */
export function mayOpen(session: SessionRoles, id: CoachScreenId): boolean {
  if (id === 'profile') return true;
  if (id === 'scoGiven' || (id === 'assessments' && session.roles.assisted)) return !session.coach.onlyMiniAssessment;
  return roleMayUse(session, id === 'team' ? 'teams' : id);
}

/** What the drawer counts besides the session: the assessments' changes told since the coach last opened the screen. */
export interface DrawerCounts {
  unseenAssessmentChanges?: number;
}

const updatesLabel = (count: number) => (count === 1 ? '1 update' : `${count} updates`);

/** The drawer's screens for this session, by the visibility rules of spec coach-shell §2.1 (Log Out is always last). */
export function drawerItems(session: SessionRoles, { unseenAssessmentChanges = 0 }: DrawerCounts = {}): DrawerItem[] {
  const { coach } = session;
  const visible = (id: CoachScreenId): boolean => roleMayUse(session, id) && (id !== 'scoGiven' || coach.countOfGivenSCOs > 0);
  return DRAWER_ORDER.filter(visible).map((id): DrawerItem => {
    const item: DrawerItem = { id, ...COACH_SCREENS[id] };
    if (id === 'assessments' && unseenAssessmentChanges > 0) {
      return { ...item, badge: { text: String(unseenAssessmentChanges), label: updatesLabel(unseenAssessmentChanges), count: true } };
    }
    if (id === 'pairs') return { ...item, badge: { text: 'New', label: 'new feature' } };
    if (id === 'messages' && coach.newMessages) return { ...item, badge: { text: 'New', label: 'unread messages' } };
    if (id === 'balance') return { ...item, hideOnPhone: true };
    return item;
  });
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
