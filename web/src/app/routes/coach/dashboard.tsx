import { paletteScreens } from '../../../features/coach-shell/utils/drawer-items.ts';
import { Dashboard } from '../../../features/dashboard/components/dashboard.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/** /dashboard (spec coach-shell §2.3); the screens the role may open, for an assistant's list of what they can do. */
export function Component() {
  const session = useSession();
  return <Dashboard session={session} screens={paletteScreens(session)} />;
}
