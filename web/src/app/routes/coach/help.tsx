import { Help } from '../../../features/help/components/help.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/** /help (spec coach-shell §2.11). */
export function Component() {
  return <Help supportEmail={useSession().supportEmail} />;
}
