import { useId } from 'react';

const RADIUS = 40;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export interface DashboardDonutProps {
  completed: number;
  inProgress: number;
}

/** The sentence a screen reader hears for the donut (and the tests read). */
export const donutSummary = ({ completed, inProgress }: DashboardDonutProps) =>
  `${completed} completed, ${inProgress} in progress, ${completed + inProgress} in total`;

/**
 * spec coach-shell §2.3, §9: the Total tile, a donut of Completed (green) against In progress (orange).
 * Plain SVG: the green arc's length is its share of the ring drawn in orange; the legend repeats the numbers as text.
 */
export function DashboardDonut({ completed, inProgress }: DashboardDonutProps) {
  const titleId = useId();
  const headingId = useId();
  const total = completed + inProgress;
  const completedLength = total === 0 ? 0 : (completed / total) * CIRCUMFERENCE;
  return (
    <section className="dashboard-total" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-total__title">
        Total
      </h2>
      <svg className="dashboard-total__chart" viewBox="0 0 100 100" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{donutSummary({ completed, inProgress })}</title>
        <circle
          className={
            total === 0 ? 'dashboard-total__ring dashboard-total__ring--empty' : 'dashboard-total__ring dashboard-total__ring--in-progress'
          }
          cx="50"
          cy="50"
          r={RADIUS}
        />
        {completedLength > 0 ? (
          <circle
            className="dashboard-total__ring dashboard-total__ring--completed"
            cx="50"
            cy="50"
            r={RADIUS}
            strokeDasharray={`${completedLength} ${CIRCUMFERENCE}`}
            transform="rotate(-90 50 50)"
          />
        ) : null}
        <text className="dashboard-total__sum" x="50" y="50" textAnchor="middle" dominantBaseline="central">
          {total}
        </text>
      </svg>
      <ul className="dashboard-total__legend">
        <li>
          <span className="dashboard-total__swatch dashboard-total__swatch--completed" aria-hidden="true" />
          Completed: {completed}
        </li>
        <li>
          <span className="dashboard-total__swatch dashboard-total__swatch--in-progress" aria-hidden="true" />
          In progress: {inProgress}
        </li>
      </ul>
    </section>
  );
}
