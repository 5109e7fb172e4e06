import { atom } from 'jotai';
import type { components } from '../../../../generated/bff.ts';
import { afterActivity, afterDownload, deadlinesFromSession, type SessionDeadlines } from './session-timer.ts';

export type Session = components['schemas']['Session'];

interface SessionState {
  session: Session | null;
  /** When the session ends by itself, in the browser's clock; `null` when signed out. */
  deadlines: SessionDeadlines | null;
}

const SIGNED_OUT: SessionState = { session: null, deadlines: null };

// Private: every change goes through the action atoms below.
const sessionStateAtom = atom<SessionState>(SIGNED_OUT);

/** The signed-in coach's session as the BFF last told it; `null` when signed out. */
export const sessionAtom = atom((get) => get(sessionStateAtom).session);

/** The session's deadlines (spec public-and-guest §4 "Session"); `null` when signed out. */
export const sessionDeadlinesAtom = atom((get) => get(sessionStateAtom).deadlines);

const fromSession = (session: Session): SessionState => ({ session, deadlines: deadlinesFromSession(session, Date.now()) });

/** Sign-in, the session check, or a reload that found a session: the BFF's session starts the timer. */
export const signedInAtom = atom(null, (_get, set, session: Session) => set(sessionStateAtom, fromSession(session)));

/** Continue in the expiry warning: the session the BFF answered moves the deadlines. */
export const sessionExtendedAtom = atom(null, (_get, set, session: Session) => set(sessionStateAtom, fromSession(session)));

/** Log Out: the coach ended the session. */
export const signedOutAtom = atom(null, (_get, set) => set(sessionStateAtom, SIGNED_OUT));

/** The BFF said the session is gone (401 `session_ended`, or expiry): nothing of it may stay on screen. */
export const sessionEndedAtom = atom(null, (_get, set) => set(sessionStateAtom, SIGNED_OUT));

/** A successful call restarts the idle period (spec public-and-guest §4), never past the absolute end. */
export const apiActivityAtom = atom(null, (get, set) => {
  const state = get(sessionStateAtom);
  if (state.deadlines) set(sessionStateAtom, { ...state, deadlines: afterActivity(state.deadlines, Date.now()) });
});

/** A download started: the timer gives 30 minutes (spec public-and-guest §4, §9). Any feature may set it. */
export const downloadStartedAtom = atom(null, (get, set) => {
  const state = get(sessionStateAtom);
  if (state.deadlines) set(sessionStateAtom, { ...state, deadlines: afterDownload(state.deadlines, Date.now()) });
});

/** The Messages screen acknowledged the coach's messages: the drawer's unread badge goes. */
export const messagesReadAtom = atom(null, (get, set) => {
  const state = get(sessionStateAtom);
  if (state.session)
    set(sessionStateAtom, { ...state, session: { ...state.session, coach: { ...state.session.coach, newMessages: false } } });
});

/** The Profile screen saved the coach's details, photo or two-factor: the drawer shows the new name and photo at once. */
export const coachDetailsSavedAtom = atom(
  null,
  (get, set, details: Partial<Pick<Session['coach'], 'name' | 'surname' | 'email' | 'twoFactorEnabled' | 'photoUrl'>>) => {
    const state = get(sessionStateAtom);
    if (state.session) set(sessionStateAtom, { ...state, session: { ...state.session, coach: { ...state.session.coach, ...details } } });
  },
);
