export interface ScoreRow {
  label: string;
  value: number;
}

interface ScoreTableProps {
  caption: string;
  heading: string;
  rows: readonly ScoreRow[];
  /** Bars beside the numbers; off in the text-only version (spec: public-and-guest §2). */
  showBars: boolean;
}

/** One part of the scores as a table, with a bar per row scaled to the highest score. */
export function ScoreTable({ caption, heading, rows, showBars }: ScoreTableProps) {
  const highest = Math.max(0, ...rows.map((row) => row.value));
  return (
    <table className="report-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>
              <span className="score">
                <span className="score__value">{row.value}</span>
                {showBars ? (
                  <span className="score__bar" aria-hidden="true">
                    <span
                      className="score__fill"
                      style={{ inlineSize: `${highest > 0 ? (Math.max(0, row.value) / highest) * 100 : 0}%` }}
                    />
                  </span>
                ) : null}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
