import { Link } from '../../../components/ui/link.tsx';
import type { DashboardTile, PipelineFilter } from '../api/dashboard-calls.ts';

/** How each filter is shown (spec assessments-and-clients §4.1; contract PipelineFilter). */
export const FILTER_LABELS: Readonly<Record<PipelineFilter, string>> = {
  notInvitedYet: 'Not invited yet',
  invitedNotStarted: 'Invited, not started',
  startedIncomplete: 'Started, incomplete',
  completeInMarking: 'Complete, in marking',
  completeSendReport: 'Complete, send report',
  showAll: 'Show all',
  receivedScos: 'Received SCOs',
  wrapped: 'Wrapped',
  unwrapped: 'Unwrapped',
};

/** spec coach-shell §2.3: a tile per predefined filter with its count; it opens the assessments page with that filter. */
export function DashboardTiles({ tiles }: { tiles: readonly DashboardTile[] }) {
  return (
    <ul className="dashboard-tiles">
      {tiles.map(({ filter, count }) => (
        <li key={filter}>
          <Link className="dashboard-tile" href={`/assessments?filter=${filter}`}>
            <span className="dashboard-tile__label">{FILTER_LABELS[filter]}</span>
            <span className="dashboard-tile__count">{count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
