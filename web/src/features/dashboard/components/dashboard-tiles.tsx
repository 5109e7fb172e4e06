import type { LucideIcon } from 'lucide-react';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import Hourglass from 'lucide-react/icons/hourglass';
import Inbox from 'lucide-react/icons/inbox';
import Mail from 'lucide-react/icons/mail';
import Send from 'lucide-react/icons/send';
import UserPlus from 'lucide-react/icons/user-plus';
import { Link } from '../../../components/ui/link.tsx';
import { PIPELINE_FILTER_LABELS } from '../../../lib/labels/pipeline.ts';
import type { DashboardTile } from '../api/get-dashboard.ts';

// One icon a stage of the pipeline. Only the filters the dashboard shows a tile for (the BFF's choice): the others
// would weigh on the route for nothing, and a tile without its icon still reads.
const TILE_ICONS: Partial<Record<DashboardTile['filter'], LucideIcon>> = {
  notInvitedYet: UserPlus,
  invitedNotStarted: Mail,
  startedIncomplete: Hourglass,
  completeInMarking: ClipboardCheck,
  completeSendReport: Send,
  receivedScos: Inbox,
};

/** spec coach-shell §2.3: a tile per predefined filter with its count; it opens the assessments page with that filter. */
export function DashboardTiles({ tiles }: { tiles: readonly DashboardTile[] }) {
  return (
    <ul className="dashboard-tiles">
      {tiles.map(({ filter, count }) => {
        const Icon = TILE_ICONS[filter];
        return (
          <li key={filter}>
            <Link className="dashboard-tile" href={`/assessments?filter=${filter}`}>
              <span className="dashboard-tile__head">
                {Icon ? (
                  <span className="dashboard-tile__icon">
                    <Icon className="icon" aria-hidden="true" />
                  </span>
                ) : null}
                <span className="dashboard-tile__label">{PIPELINE_FILTER_LABELS[filter]}</span>
              </span>
              <span className="dashboard-tile__count">{count}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
