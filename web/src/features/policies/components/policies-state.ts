import { tabFlagAtom } from '../../../lib/tab-flag.ts';

/** The key that remembers, for this browser tab, that the coach put the (not overdue) policies off for later. */
export const POLICIES_LATER_KEY = 'coachportal.policiesLater';

/** Whether the coach chose 'Later': the modal then waits until the dashboard's 'Review policies' (or an overdue policy). */
export const policiesLaterAtom = tabFlagAtom(POLICIES_LATER_KEY);
