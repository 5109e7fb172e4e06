import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { showToast } from '../../../components/ui/toast.tsx';
import { usePolicyAlert } from '../../../lib/api/get-policy-alert.ts';
import { usePoliciesModal } from '../../../lib/policies-state.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

// The modal's code loads only for a coach with a policy waiting.
const PoliciesModal = lazy(async () => ({ default: (await import('./policies-modal.tsx')).PoliciesModal }));

export const POLICIES_DONE = 'Thank you: every policy is signed or accepted.';

/**
 * The 'Policies to sign or accept' modal over every coach screen (spec coach-shell §2.3, §4 "Policy"): it opens while
 * policyAlert is true, unless the coach chose 'Later'; an overdue policy keeps it open, blocking the portal, until
 * the 2-second check says every policy is signed.
 */
export function PoliciesGate({ onLogOut }: { onLogOut: () => void }) {
  const { open, alert, setLater } = usePoliciesModal();
  const queryClient = useQueryClient();
  const polled = usePolicyAlert(open);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && polled.data?.policyAlert === false) {
      wasOpen.current = false;
      showToast(POLICIES_DONE, 'success', 3500);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/dashboard') });
    }
  }, [open, polled.data, queryClient]);

  if (!open || !alert) return null;
  return (
    <Suspense fallback={null}>
      <PoliciesModal overdue={alert.overdue} onLater={() => setLater(true)} onLogOut={onLogOut} />
    </Suspense>
  );
}
