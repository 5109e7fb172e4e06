import { usePageTitle } from '../../../lib/page-title.ts';
import type { Session } from '../../../lib/session/session.ts';

/**
 * The landing page after sign-in. The full dashboard (pipeline counts, messages, policy alert) is
 * the coach-shell screens' work; this shows what the session already carries.
 */
export function Dashboard({ session }: { session: Session }) {
  usePageTitle('Dashboard');
  const { coach } = session;
  return (
    <section className="stack" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Welcome, {coach.name}</h1>
      <dl>
        <dt>Credit balance</dt>
        <dd>{coach.tokenBalance}</dd>
        <dt>Accreditation level</dt>
        <dd>{coach.accreditationLevel}</dd>
        <dt>Messages</dt>
        <dd>{coach.newMessages ? 'You have new messages' : 'No new messages'}</dd>
      </dl>
    </section>
  );
}
