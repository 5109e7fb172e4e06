import { Button } from '../../../components/ui/button.tsx';
import type { Session } from '../../../lib/session/session.ts';

export interface SessionBannerProps {
  session: Session;
  onReturnToCoaches: () => void;
}

// spec coach-shell §2.3, §6: the assistant is warned of the financial implications and the sensitive data.
export const ASSISTANT_WARNING =
  "Actions you take here can have financial implications for the coach (credits are charged to the coach's account), and the client data you see is sensitive: handle it with care.";

/** Who is at the keyboard when it is not the coach (spec public-and-guest §6, coach-shell §2.1 and §6). */
export function SessionBanner({ session, onReturnToCoaches }: SessionBannerProps) {
  const { coach, roles } = session;
  if (roles.impersonator) {
    return (
      <div className="session-banner" role="note" aria-label="Impersonation">
        <span>
          You are viewing the portal of {coach.name} {coach.surname} as an administrator.
        </span>
        <Button variant="secondary" onPress={onReturnToCoaches}>
          Return to Coaches
        </Button>
      </div>
    );
  }
  if (roles.assisted && roles.assistant) {
    return (
      <div className="session-banner" role="note" aria-label="Assistant">
        <span>
          {roles.assistant.name} is signed in as assistant of {coach.name} {coach.surname}. {ASSISTANT_WARNING}
        </span>
      </div>
    );
  }
  return null;
}
