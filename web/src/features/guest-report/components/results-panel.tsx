import { INSTINCT_NAMES } from '../../../lib/labels/assessments.ts';
import { COMBINED_RESULTS, MATURITY_STAGE_COUNT, styleLabel } from '../utils/report-labels.ts';
import type { GuestReport } from '../utils/report-tabs.ts';
import { type Fact, FactList } from './fact-list.tsx';
import { ScoreTable } from './score-table.tsx';

/** The scored results as label and value pairs (the Results tab's and the summary's). */
export function resultFacts(report: GuestReport): Fact[] {
  const { ennea, maturity, combinedIndex, orderedTrifix } = report;
  return [
    ...(ennea ? [{ label: 'Enneagram style', value: styleLabel(ennea.type) }] : []),
    ...(ennea ? [{ label: 'Trifix', value: orderedTrifix ?? ennea.trifix }] : []),
    ...(ennea?.instinct ? [{ label: 'Instinct', value: INSTINCT_NAMES[ennea.instinct] }] : []),
    ...(maturity
      ? [{ label: 'Maturity stage', value: `${maturity.name} (${maturity.code}), stage ${maturity.stage} of ${MATURITY_STAGE_COUNT}` }]
      : []),
    // spec: public-and-guest §9, combined map index 8 × (type − 1) + stage.
    ...(combinedIndex !== null ? [{ label: 'Combined result', value: `${combinedIndex} of ${COMBINED_RESULTS}` }] : []),
  ];
}

/** The scored results: Enneagram style, trifix, instinct, maturity stage, combined result and the scores. */
export function ResultsPanel({ report, textOnly }: { report: GuestReport; textOnly: boolean }) {
  const { main, lines, wings, s1, s3 } = report.scores;
  const byStyle = (scores: typeof main) => scores.map(({ style, value }) => ({ label: `Style ${style}`, value }));
  const facts = resultFacts(report);
  return (
    <div className="stack">
      {facts.length > 0 ? <FactList facts={facts} /> : null}
      {report.maturityLevels.length > 0 ? (
        <div>
          <h3>Maturity stages</h3>
          <ol className="report-stages">
            {report.maturityLevels.map((level) => (
              <li key={level.code}>
                {level.name} ({level.code}){level.code === report.maturity?.code ? <strong> (your stage)</strong> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {main.length > 0 ? <ScoreTable caption="Style scores" heading="Style" rows={byStyle(main)} showBars={!textOnly} /> : null}
      {lines.length > 0 ? <ScoreTable caption="Line scores" heading="Style" rows={byStyle(lines)} showBars={!textOnly} /> : null}
      {wings.length > 0 ? <ScoreTable caption="Wing scores" heading="Style" rows={byStyle(wings)} showBars={!textOnly} /> : null}
      {s1.length > 0 ? (
        <table className="report-table">
          <caption>Score ranges</caption>
          <thead>
            <tr>
              <th scope="col">Style</th>
              <th scope="col">Lowest</th>
              <th scope="col">Highest</th>
            </tr>
          </thead>
          <tbody>
            {s1.map((range) => (
              <tr key={range.style}>
                <th scope="row">Style {range.style}</th>
                <td>{range.min}</td>
                <td>{range.max}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {s3 ? (
        <ScoreTable
          caption="Instinct scores"
          heading="Instinct"
          rows={(['SP', 'SO', 'SX'] as const).map((instinct) => ({ label: INSTINCT_NAMES[instinct], value: s3[instinct] }))}
          showBars={!textOnly}
        />
      ) : null}
    </div>
  );
}
