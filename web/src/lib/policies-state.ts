import { useAtom } from 'jotai';
import { usePolicyAlert } from './api/get-policy-alert.ts';
import { tabFlagAtom } from './tab-flag.ts';

/** The key that remembers, for this browser tab, that the coach put the (not overdue) policies off for later. */
export const POLICIES_LATER_KEY = 'coachportal.policiesLater';

/** Whether the coach chose 'Later': the modal then waits until the dashboard's 'Review policies' (or an overdue policy). */
export const policiesLaterAtom = tabFlagAtom(POLICIES_LATER_KEY);

/** Whether the policies modal is open (other modals wait for it), with what decides it. */
export function usePoliciesModal() {
  const [later, setLater] = useAtom(policiesLaterAtom);
  const alert = usePolicyAlert(false).data;
  const open = alert?.policyAlert === true && (alert.overdue || !later);
  return { open, alert, setLater };
}
