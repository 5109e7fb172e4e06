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

// Every score the report carries (main, lines, wings, instincts) is a percentage, 0 to 100 (legacy contract `scores`).
const SCORE_MAX = 100;

/** The share of the bar a score fills, in per cent of the scale (outside values are clamped). */
const barPercent = (value: number) => Math.min(SCORE_MAX, Math.max(0, value)) * (100 / SCORE_MAX);

/** One part of the scores as a table, with a bar per row on the scores' 0 to 100 scale. */
export function ScoreTable({ caption, heading, rows, showBars }: ScoreTableProps) {
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
                    <span className="score__fill" style={{ inlineSize: `${barPercent(row.value)}%` }} />
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
