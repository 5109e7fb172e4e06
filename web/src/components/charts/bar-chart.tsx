import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useNarrowLayout } from '../../lib/use-narrow-layout.ts';
import { barSummary, barTotal, type ChartBar, type ChartSeries } from './chart-types.ts';
import { useRovingFocus } from './use-roving-focus.ts';

// The drawing's own units: a phone draws in fewer, so its text stays as large as the page's once scaled to the width.
const WIDE = { width: 720, height: 240 };
const NARROW = { width: 360, height: 200 };
const MARGIN = { top: 12, right: 8, bottom: 28, left: 36 };

export interface BarChartProps {
  /** The chart's name for a screen reader ("Completions per week"). */
  label: string;
  series: readonly ChartSeries[];
  bars: readonly ChartBar[];
  /** A count in words ("3 completed", "12 credits"). */
  unit: (count: number) => string;
  /** Every how many bars the axis writes a label (all by default). */
  labelEvery?: number;
}

/**
 * A bar chart (stacked when there are several series) drawn in SVG with visx's scales. Each bar is a point the
 * keyboard reaches (one Tab stop, the arrows between bars) and names in full on hover and focus; the numbers are
 * also in the panel's table (chart-panel.tsx), and the SVG scales to its box.
 */
export function BarChart({ label, series, bars, unit, labelEvery = 1 }: BarChartProps) {
  const { active, pointProps } = useRovingFocus(bars.length);
  const narrow = useNarrowLayout();
  const { width: WIDTH, height: HEIGHT } = narrow ? NARROW : WIDE;
  const every = narrow ? Math.max(labelEvery, Math.ceil(bars.length / 6)) : labelEvery;
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...bars.map((bar) => barTotal(bar, series)));
  const x = scaleBand({ domain: bars.map((bar) => bar.key), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const ticks = y.ticks(Math.min(4, max)).filter(Number.isInteger);
  const shown = active === null ? undefined : bars[active];
  const shownLeft = shown ? ((MARGIN.left + (x(shown.key) ?? 0) + x.bandwidth() / 2) / WIDTH) * 100 : 0;
  return (
    <div className="bar-chart">
      <svg className="bar-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
        <title>{label}</title>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {ticks.map((tick) => (
            <g key={tick} aria-hidden>
              <line className="bar-chart__grid" x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} />
              <text className="bar-chart__tick" x={-8} y={y(tick)} textAnchor="end" dominantBaseline="central">
                {tick}
              </text>
            </g>
          ))}
          {bars.map((bar, index) => {
            const left = x(bar.key) ?? 0;
            let top = innerHeight;
            return (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a chart point is an image the keyboard reaches (its name is its numbers); no interactive role says that.
              <g key={bar.key} className="bar-chart__point" role="img" aria-label={barSummary(bar, series, unit)} {...pointProps(index)}>
                {/* The whole column answers the pointer, an empty week too. */}
                <rect className="bar-chart__hit" x={left - (x.step() - x.bandwidth()) / 2} y={0} width={x.step()} height={innerHeight} />
                {series.map((entry) => {
                  const value = bar.values[entry.key] ?? 0;
                  if (value === 0) return null;
                  const height = innerHeight - y(value);
                  top -= height;
                  return (
                    <Bar
                      key={entry.key}
                      x={left}
                      y={top}
                      width={x.bandwidth()}
                      height={height}
                      fill={entry.color}
                      className="bar-chart__bar"
                    />
                  );
                })}
                {index % every === 0 || index === bars.length - 1 ? (
                  <text className="bar-chart__label" x={left + x.bandwidth() / 2} y={innerHeight + 18} textAnchor="middle" aria-hidden>
                    {bar.label}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line className="bar-chart__axis" x1={0} x2={innerWidth} y1={innerHeight} y2={innerHeight} aria-hidden />
        </Group>
      </svg>
      {shown ? (
        <div className="chart-tooltip" style={{ left: `${Math.min(85, Math.max(15, shownLeft))}%` }} aria-hidden>
          <strong>{shown.name}</strong>
          <span>{unit(barTotal(shown, series))}</span>
          {series.length > 1
            ? series.map((entry) => (
                <span key={entry.key} className="chart-tooltip__row">
                  <span className="chart-swatch" style={{ background: entry.color }} />
                  {entry.label}: {shown.values[entry.key] ?? 0}
                </span>
              ))
            : null}
        </div>
      ) : null}
    </div>
  );
}
