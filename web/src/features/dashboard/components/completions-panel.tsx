import { useState } from 'react';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { ChartPanel } from '../../../components/charts/chart-panel.tsx';
import { ChartList, ChartTable } from '../../../components/charts/chart-table.tsx';
import type { ChartBar, ChartSeries } from '../../../components/charts/chart-types.ts';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import {
  COMPLETION_KIND_COLORS,
  COMPLETION_KIND_LABELS,
  completedCount,
  INSIGHT_EMPTY,
  INSIGHT_TITLES,
  WEEK_SPANS,
  weekLabel,
  weekName,
} from '../../../lib/labels/insights.ts';
import { useCompletionsInsight } from '../api/get-completions-insight.ts';

type Weeks = (typeof WEEK_SPANS)[number];

/**
 * spec coach-shell §2.3: the assessments completed each week over the last 12, 26 or 52 weeks, stacked by type (a
 * mini-only coach's mini-assessments), each week named on hover and focus. Loaded after the tiles (dashboard.tsx).
 */
export default function CompletionsPanel() {
  const [weeks, setWeeks] = useState<Weeks>(12);
  const { data, error, isPending, refetch } = useCompletionsInsight({ weeks });
  const series: ChartSeries[] = (data?.types ?? []).map((kind) => ({
    key: kind,
    label: COMPLETION_KIND_LABELS[kind],
    color: COMPLETION_KIND_COLORS[kind],
  }));
  const bars: ChartBar[] = (data?.series ?? []).map((week) => ({
    key: week.start,
    label: weekLabel(week.start),
    name: weekName(week.start),
    values: week.counts,
  }));
  const numbers = { caption: `${INSIGHT_TITLES.completions}, last ${weeks} weeks`, header: 'Week', series, bars, unit: completedCount };
  return (
    <ChartPanel
      className="completions-panel"
      title={INSIGHT_TITLES.completions}
      controls={
        <NativeSelect
          label="Weeks shown"
          value={String(weeks)}
          onChange={(value) => setWeeks(Number(value) as Weeks)}
          options={WEEK_SPANS.map((span) => ({ id: String(span), label: `Last ${span} weeks` }))}
        />
      }
      legend={series}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      isEmpty={!data || data.series.every((week) => week.total === 0)}
      empty={INSIGHT_EMPTY.completions}
      numbersFirstWhenNarrow={weeks > 12}
      chart={() => (
        <BarChart label={numbers.caption} series={series} bars={bars} unit={completedCount} labelEvery={Math.ceil(weeks / 12)} />
      )}
      numbers={(narrow) => (narrow ? <ChartList {...numbers} /> : <ChartTable {...numbers} />)}
    />
  );
}
