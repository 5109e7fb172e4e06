import { Messages } from '../../../features/messages/components/messages.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/** /messages (spec coach-shell §2.10). */
export function Component() {
  return <Messages session={useSession()} />;
}
