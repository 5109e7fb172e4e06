import { Dashboard } from '../../../features/dashboard/components/dashboard.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/** /dashboard (spec coach-shell §2.3). */
export function Component() {
  return <Dashboard session={useSession()} />;
}
