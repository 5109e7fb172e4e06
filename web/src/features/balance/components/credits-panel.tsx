import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { ChartPanel } from '../../../components/charts/chart-panel.tsx';
import { ChartList, ChartTable } from '../../../components/charts/chart-table.tsx';
import type { ChartBar, ChartSeries } from '../../../components/charts/chart-types.ts';
import { creditCount, forecastSentence, INSIGHT_EMPTY, INSIGHT_TITLES, monthLabel, monthName } from '../../../lib/labels/insights.ts';
import { useCreditsInsight } from '../api/get-credits-insight.ts';

const SERIES: ChartSeries[] = [{ key: 'used', label: 'Credits used', color: 'var(--color-chart-credits)' }];

/**
 * spec coach-shell §2.9: the credits used in each of the last 12 months, from the transaction history, and the
 * balance's forecast in a sentence. Loaded after the balance's figures (balance.tsx).
 */
export default function CreditsPanel() {
  const { data, error, isPending, refetch } = useCreditsInsight();
  const bars: ChartBar[] = (data?.months ?? []).map(({ month, used }) => ({
    key: month,
    label: monthLabel(month),
    name: monthName(month),
    values: { used },
  }));
  const numbers = { caption: `${INSIGHT_TITLES.credits}, last 12 months`, header: 'Month', series: SERIES, bars, unit: creditCount };
  return (
    <ChartPanel
      className="credits-panel"
      title={INSIGHT_TITLES.credits}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      isEmpty={!data || data.months.every((month) => month.used === 0)}
      empty={INSIGHT_EMPTY.credits}
      note={data ? forecastSentence(data.forecast, data.balance) : null}
      chart={() => <BarChart label={numbers.caption} series={SERIES} bars={bars} unit={creditCount} />}
      numbers={(narrow) => (narrow ? <ChartList {...numbers} /> : <ChartTable {...numbers} />)}
    />
  );
}
