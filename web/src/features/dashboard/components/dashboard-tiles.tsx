import { Link } from '../../../components/ui/link.tsx';
import { PIPELINE_FILTER_LABELS } from '../../../lib/labels/pipeline.ts';
import type { DashboardTile } from '../api/get-dashboard.ts';

/** spec coach-shell §2.3: a tile per predefined filter with its count; it opens the assessments page with that filter. */
export function DashboardTiles({ tiles }: { tiles: readonly DashboardTile[] }) {
  return (
    <ul className="dashboard-tiles">
      {tiles.map(({ filter, count }) => (
        <li key={filter}>
          <Link className="dashboard-tile" href={`/assessments?filter=${filter}`}>
            <span className="dashboard-tile__label">{PIPELINE_FILTER_LABELS[filter]}</span>
            <span className="dashboard-tile__count">{count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
