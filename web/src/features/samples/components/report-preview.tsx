import { EnneagramFigure } from '../../../components/enneagram-figure.tsx';
import type { SampleReport } from '../api/list-sample-reports.ts';

type ReportCode = SampleReport['reportCode'];

// What each report is about (spec assessments-and-clients §3.8; public-and-guest §3 "Guest results", §9: the
// Enneagram style with its trifix, instinct and scores, the eight maturity stages, the 72 combined results).
const ABOUT: Readonly<Record<ReportCode, { family: 'enneagram' | 'maturity' | 'combined'; text: string }>> = {
  enneaOverview: { family: 'enneagram', text: 'For you, the coach: the client’s Enneagram style at a glance.' },
  clientSummary: { family: 'enneagram', text: 'For the client: a short overview of their Enneagram style.' },
  basic: { family: 'enneagram', text: 'The client’s Enneagram style, trifix and instinct, with their scores.' },
  foundation: { family: 'combined', text: 'The Enneagram style and the maturity stage together: one of 72 combined results.' },
  extended: { family: 'combined', text: 'The Combined Report and more: the Enneagram style and the maturity stage together.' },
  imfCoG: { family: 'maturity', text: 'An overview of the client’s maturity stage among the eight.' },
  imf: { family: 'maturity', text: 'The client’s maturity stage among the eight, from Self-protecting to Being.' },
};

// spec public-and-guest §3 "Lists": the maturity stages in order.
const STAGES = ['SE', 'CO', 'SP', 'PE', 'IN', 'ST', 'TR', 'BE'] as const;

/** The eight maturity stages as rising steps. */
function StageSteps() {
  return (
    <svg className="report-preview__stages" viewBox="0 0 200 120" aria-hidden="true" focusable="false">
      {STAGES.map((code, index) => {
        const height = 18 + index * 11;
        const x = 6 + index * 24;
        return (
          <g key={code}>
            <rect x={x} y={100 - height} width={20} height={height} rx={3} />
            <text x={x + 10} y={114} textAnchor="middle">
              {code}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** What a sample report holds: a picture of its kind (the nine-point figure, the stages, or both) and one line. */
export function ReportPreview({ reportCode }: { reportCode: ReportCode }) {
  const { family, text } = ABOUT[reportCode];
  return (
    <div className="report-preview">
      <div className={`report-preview__picture report-preview__picture--${family}`} aria-hidden="true">
        {family === 'maturity' ? null : <EnneagramFigure title="The Enneagram's nine styles" />}
        {family === 'enneagram' ? null : <StageSteps />}
      </div>
      <p className="report-preview__text">{text}</p>
    </div>
  );
}
