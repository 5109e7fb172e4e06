/** One series of a chart: its key in each bar's values, its name in the legend and the table, its fill (a CSS colour). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** One bar (a week, a month): its axis label, its full name on hover and focus, and a value per series. */
export interface ChartBar {
  key: string;
  label: string;
  name: string;
  values: Readonly<Record<string, number>>;
}

export const barTotal = (bar: ChartBar, series: readonly ChartSeries[]): number =>
  series.reduce((sum, entry) => sum + (bar.values[entry.key] ?? 0), 0);

/** What a bar says to a screen reader and in its tooltip: "Week of 23 Nov 2026: 3 (Enneagram 2, Combined 1)". */
export function barSummary(bar: ChartBar, series: readonly ChartSeries[], unit: (count: number) => string): string {
  const parts = series.filter((entry) => (bar.values[entry.key] ?? 0) > 0).map((entry) => `${entry.label} ${bar.values[entry.key]}`);
  const total = unit(barTotal(bar, series));
  return series.length > 1 && parts.length > 0 ? `${bar.name}: ${total} (${parts.join(', ')})` : `${bar.name}: ${total}`;
}
