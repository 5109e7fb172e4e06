import { EnneagramFigure, styleFigureText } from '../../../components/enneagram-figure.tsx';
import type { GuestReport } from '../utils/report-tabs.ts';
import { FactList } from './fact-list.tsx';
import { resultFacts } from './results-panel.tsx';

/**
 * The result at a glance above the sections of a report with an Enneagram style: the nine-point figure with the style
 * marked beside the scored results (spec public-and-guest §3: userEnnea, the trifix, the instinct, the maturity stage).
 */
export function ReportSummary({ report }: { report: GuestReport }) {
  if (!report.ennea) return null;
  return (
    <section className="report-summary" aria-label="Your result at a glance">
      <EnneagramFigure className="report-summary__figure" style={report.ennea.type} {...styleFigureText(report.ennea.type)} />
      <FactList facts={resultFacts(report)} />
    </section>
  );
}
