// The coach area's screens, each named once (spec coach-shell §2): its address, its label, its icon, who may open
// it and whether the drawer and the palette list it, and the gallery's states of a table screen. The router
// (app/routes/coach/coach-area.tsx: the lazy module `app/routes/coach/<kebab id>.tsx`), the drawer, the
// find-anything palette and the screenshot gallery (scripts/screenshots/catalogue.ts) are derived from it, so a
// new screen is one entry here plus its own files (`npm run new -- screen` writes both).
import type { LucideIcon } from 'lucide-react';
import CircleHelp from 'lucide-react/icons/circle-help';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileText from 'lucide-react/icons/file-text';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Mail from 'lucide-react/icons/mail';
import MessageSquare from 'lucide-react/icons/message-square';
import Share2 from 'lucide-react/icons/share-2';
import Users from 'lucide-react/icons/users';
import Wallet from 'lucide-react/icons/wallet';

/** Who may open a screen and when it is listed (spec coach-shell §2.1), as data the drawer's rules read. */
export interface ScreenAccess {
  /** A coach limited to mini-assessments may open it (they see Dashboard, Mini-Assessments, Messages, Samples). */
  miniOnlyCoach: boolean;
  /** While an assistant is signed in: listed and opened, opened by its address only (not listed), or closed. */
  assistant: 'listed' | 'address' | 'closed';
  /** Opened (and listed) only when the coach has mini-assessments (enabled, or limited to them). */
  needsMinis?: true;
  /** Listed only once the coach has given SCOs (still opened by its address when the last one is revoked). */
  listedOnceScosGiven?: true;
}

/** A table screen's gallery states (loaded: its first row; empty: the empty coach's text; loading and error: `call` held or failed). */
export interface ScreenGallery {
  /** The BFF read whose answer the screen shows (`/api/teams`). */
  call: string;
  /** The table's empty text. */
  empty?: string;
}

export interface CoachScreen {
  /** camelCase; the route module is `app/routes/coach/<kebab-case id>.tsx`, the gallery's screen the kebab-case id. */
  id: string;
  /** The client path, after `/coachportal` (`:name` for a parameter). */
  path: string;
  /** The drawer's, the palette's and the gallery's label. */
  label: string;
  access: ScreenAccess;
  /** Listed in the drawer, in this list's order, with this icon. */
  drawer?: { icon: LucideIcon; hideOnPhone?: true };
  /** Listed in the palette though not in the drawer (its screens are the drawer's plus these). */
  palette?: true;
  /** A table screen's gallery states; other screens' are written out in the gallery's catalogue. */
  gallery?: ScreenGallery;
}

const EVERY_COACH: ScreenAccess = { miniOnlyCoach: true, assistant: 'listed' };
const NOT_MINI_ONLY: ScreenAccess = { miniOnlyCoach: false, assistant: 'listed' };
const COACH_ONLY: ScreenAccess = { miniOnlyCoach: false, assistant: 'closed' };
// The assessments area: out of an assistant's drawer, yet they may add clients for the coach (assessments-and-clients §1, §6).
const ASSESSMENTS_AREA: ScreenAccess = { miniOnlyCoach: false, assistant: 'address' };

export const SCREENS = [
  { id: 'dashboard', path: '/dashboard', label: 'Dashboard', access: EVERY_COACH, drawer: { icon: LayoutDashboard } },
  { id: 'assessments', path: '/assessments', label: 'Assessments', access: ASSESSMENTS_AREA, drawer: { icon: ClipboardList } },
  {
    id: 'miniAssessments',
    path: '/mini-assessments',
    label: 'Mini-Assessments',
    access: { ...EVERY_COACH, needsMinis: true },
    drawer: { icon: ClipboardCheck },
    gallery: { call: '/api/mini-assessments', empty: 'No mini-assessments yet. Share your link to start.' },
  },
  {
    id: 'scoGiven',
    path: '/sco-given',
    label: 'SCO Given',
    access: { ...NOT_MINI_ONLY, listedOnceScosGiven: true },
    drawer: { icon: Share2 },
    gallery: { call: '/api/assessments', empty: 'You have not given any assessments to other coaches.' },
  },
  {
    id: 'teams',
    path: '/teams',
    label: 'Teams',
    access: COACH_ONLY,
    drawer: { icon: Users },
    gallery: { call: '/api/teams', empty: 'No teams yet. Add a team to start.' },
  },
  {
    id: 'pairs',
    path: '/pairs',
    label: 'Pairs',
    access: COACH_ONLY,
    drawer: { icon: HeartHandshake },
    gallery: { call: '/api/pairs', empty: 'No pairs yet. Select two assessments on the Assessments page and choose Add Pairs.' },
  },
  // Hidden at phone width (spec coach-shell §2.1).
  { id: 'balance', path: '/balance', label: 'Balance', access: COACH_ONLY, drawer: { icon: Wallet, hideOnPhone: true } },
  { id: 'emailTemplates', path: '/email-templates', label: 'Email Templates', access: NOT_MINI_ONLY, drawer: { icon: Mail } },
  { id: 'messages', path: '/messages', label: 'Messages', access: EVERY_COACH, drawer: { icon: MessageSquare } },
  {
    id: 'samplesAndBrochures',
    path: '/samples-and-brochures',
    label: 'Samples & Brochures',
    access: EVERY_COACH,
    drawer: { icon: FileText },
  },
  { id: 'help', path: '/help', label: 'Help', access: NOT_MINI_ONLY, drawer: { icon: CircleHelp } },
  // No drawer item of their own: the clients list and a client's page go with the assessments, the team report page
  // with Teams, the profile is the drawer's header link.
  {
    id: 'clients',
    path: '/clients',
    label: 'Clients',
    access: ASSESSMENTS_AREA,
    palette: true,
    gallery: { call: '/api/clients', empty: 'No clients found.' },
  },
  { id: 'clientResults', path: '/clighent/:clientId', label: 'Client results', access: ASSESSMENTS_AREA },
  { id: 'reportStudio', path: '/reports/:reportCode', label: 'Report studio', access: ASSESSMENTS_AREA },
  { id: 'team', path: '/team', label: 'Team report', access: COACH_ONLY },
  { id: 'profile', path: '/profile', label: 'Profile', access: EVERY_COACH, palette: true },
] as const satisfies readonly CoachScreen[];

export type CoachScreenId = (typeof SCREENS)[number]['id'];

const BY_ID = new Map<string, CoachScreen>(SCREENS.map((screen) => [screen.id, screen]));

/** The screen of an id. */
export function screen(id: CoachScreenId): CoachScreen {
  return BY_ID.get(id) as CoachScreen;
}

/** The kebab-case name of a screen id: its route module's file name and its gallery screen. */
export const kebabOf = (id: string): string => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
