import { barSummary, barTotal, type ChartBar, type ChartSeries } from './chart-types.ts';

export interface ChartNumbersProps {
  caption: string;
  /** The first column's header ("Week", "Month"). */
  header: string;
  series: readonly ChartSeries[];
  bars: readonly ChartBar[];
  unit: (count: number) => string;
}

/** The chart's numbers as a table: a row a bar, a column a series and the total (what a screen reader reads). */
export function ChartTable({ caption, header, series, bars }: ChartNumbersProps) {
  return (
    <div className="chart-table">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            {series.length > 1
              ? series.map((entry) => (
                  <th key={entry.key} scope="col">
                    {entry.label}
                  </th>
                ))
              : null}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.name}</th>
              {series.length > 1 ? series.map((entry) => <td key={entry.key}>{bar.values[entry.key] ?? 0}</td>) : null}
              <td>{barTotal(bar, series)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: the bars with something to say as a list, newest first, one line each (a thumb scrolls it). */
export function ChartList({ caption, series, bars, unit }: ChartNumbersProps) {
  const counted = bars.filter((bar) => barTotal(bar, series) > 0).reverse();
  return (
    <ul className="chart-list list-stack" aria-label={caption}>
      {counted.map((bar) => (
        <li key={bar.key}>{barSummary(bar, series, unit)}</li>
      ))}
    </ul>
  );
}
