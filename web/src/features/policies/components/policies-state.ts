import { atom } from 'jotai';

/** The key that remembers, for this browser tab, that the coach put the (not overdue) policies off for later. */
export const POLICIES_LATER_KEY = 'coachportal.policiesLater';

function readLater(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(POLICIES_LATER_KEY) === '1';
  } catch {
    return false;
  }
}

const laterAtom = atom(readLater());

/** Whether the coach chose 'Later': the modal then waits until the dashboard's 'Review policies' (or an overdue policy). */
export const policiesLaterAtom = atom(
  (get) => get(laterAtom),
  (_get, set, later: boolean) => {
    set(laterAtom, later);
    try {
      if (later) globalThis.sessionStorage?.setItem(POLICIES_LATER_KEY, '1');
      else globalThis.sessionStorage?.removeItem(POLICIES_LATER_KEY);
    } catch {
      // Storage disabled: the choice lasts until the page is reloaded.
    }
  },
);
