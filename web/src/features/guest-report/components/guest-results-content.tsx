import type { GuestReport, ReportTab } from '../utils/report-tabs.ts';
import { AnswersPanel } from './answers-panel.tsx';
import { DetailsPanel } from './details-panel.tsx';
import { PostSurveyPanel } from './post-survey-panel.tsx';
import { ResultsPanel } from './results-panel.tsx';

export interface GuestResultsContentProps {
  kind: Exclude<ReportTab['kind'], 'section'>;
  report: GuestReport;
  textOnly: boolean;
}

/** The entries after the report's own sections: results, free-text answers, post-survey, details. */
export function GuestResultsContent({ kind, report, textOnly }: GuestResultsContentProps) {
  switch (kind) {
    case 'results':
      return <ResultsPanel report={report} textOnly={textOnly} />;
    case 'answers':
      return <AnswersPanel answers={report.textAnswers} />;
    case 'post-survey':
      return report.postSurvey ? <PostSurveyPanel answers={report.postSurvey} /> : null;
    case 'details':
      return <DetailsPanel report={report} />;
  }
}
