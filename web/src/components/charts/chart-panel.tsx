import { type ReactNode, useId, useState } from 'react';
import { useNarrowLayout } from '../../lib/use-narrow-layout.ts';
import { ProblemAlert } from '../problem-alert.tsx';
import { Button } from '../ui/button.tsx';
import { Skeleton, SkeletonRegion } from '../ui/skeleton.tsx';
import type { ChartSeries } from './chart-types.ts';
import './chart-frame.css';
import './charts.css';

export type ChartView = 'chart' | 'numbers';

export interface ChartPanelProps {
  title: string;
  /** Beside the title: a span picker, a link. */
  controls?: ReactNode;
  /** The legend's series (none for a single series). */
  legend?: readonly ChartSeries[];
  /** The panel's query state. */
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** Nothing to draw: `empty` is said instead. */
  isEmpty: boolean;
  empty: string;
  /** A sentence under the chart (the forecast), in both views. */
  note?: ReactNode;
  /** On a phone, show the numbers first (a chart too dense for a thumb). */
  numbersFirstWhenNarrow?: boolean;
  chart: () => ReactNode;
  numbers: (narrow: boolean) => ReactNode;
  className?: string;
}

/**
 * The frame of an insights panel: its heading, the chart or its numbers (a table; a list on a phone) behind one
 * toggle, and its states: loading (the chart's shape), failed (the problem with Retry), empty (a sentence).
 */
export function ChartPanel(props: ChartPanelProps) {
  const { title, controls, legend, isPending, error, onRetry, isEmpty, empty, note, numbersFirstWhenNarrow, chart, numbers } = props;
  const headingId = useId();
  const narrow = useNarrowLayout();
  const [chosen, setChosen] = useState<ChartView | null>(null);
  const view = chosen ?? (narrow && numbersFirstWhenNarrow ? 'numbers' : 'chart');
  const loaded = !isPending && !error;
  return (
    <section className={props.className ? `chart-panel ${props.className}` : 'chart-panel'} aria-labelledby={headingId}>
      <div className="chart-panel__head">
        <h2 id={headingId}>{title}</h2>
        <div className="chart-panel__controls">
          {controls}
          {loaded && !isEmpty ? (
            <Button variant="quiet" aria-pressed={view === 'numbers'} onPress={() => setChosen(view === 'chart' ? 'numbers' : 'chart')}>
              {view === 'chart' ? (narrow ? 'Show as list' : 'Show as table') : 'Show as chart'}
            </Button>
          ) : null}
        </div>
      </div>
      {isPending ? (
        <SkeletonRegion className="chart-panel__loading">
          <Skeleton shape="block" height="12rem" />
        </SkeletonRegion>
      ) : error ? (
        <ProblemAlert error={error} onRetry={onRetry} />
      ) : isEmpty ? (
        <p className="chart-panel__empty">{empty}</p>
      ) : (
        <>
          {legend && legend.length > 1 && view === 'chart' ? (
            <ul className="chart-legend" aria-hidden="true">
              {legend.map((entry) => (
                <li key={entry.key}>
                  <span className="chart-swatch" style={{ background: entry.color }} />
                  {entry.label}
                </li>
              ))}
            </ul>
          ) : null}
          {view === 'chart' ? chart() : numbers(narrow)}
        </>
      )}
      {loaded && note ? <p className="chart-panel__note">{note}</p> : null}
    </section>
  );
}
