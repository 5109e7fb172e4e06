import { Button } from '../../../components/ui/button.tsx';
import type { Session } from '../../../lib/session/session.ts';

export interface SessionBannerProps {
  session: Session;
  onReturnToCoaches: () => void;
}

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
          {roles.assistant.name} is signed in as assistant of {coach.name} {coach.surname}.
        </span>
      </div>
    );
  }
  return null;
}
