import { useState } from 'react';
import { Loading } from '../../../components/ui/loading.tsx';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import { useRememberedTab } from '../hooks/use-remembered-tab.ts';
import { type GuestReport, reportTabs } from '../utils/report-tabs.ts';
import { AllSections, SectionMenu, SectionTabs } from './report-section-layouts.tsx';
import { ReportSummary } from './report-summary.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

export function ReportView({ report, loading, textOnly }: { report: GuestReport; loading: boolean; textOnly: boolean }) {
  const narrow = useNarrowLayout();
  const tabs = reportTabs(report);
  const [selected, select] = useRememberedTab(
    report.reportCode,
    tabs.map((tab) => tab.id),
  );
  // The print-style variant is a toggle on the page rather than a query parameter: a reader switches
  // to it to print or to read on without picking tabs (spec: public-and-guest §2 "Variants").
  const [showAll, setShowAll] = useState(false);
  const layout = { report, tabs, textOnly };

  return (
    <main className={['page', 'page--wide', 'guest-report', textOnly ? 'guest-report--text' : ''].filter(Boolean).join(' ')}>
      <header className="stack guest-report__header">
        <div>
          <h1 className="guest-report__title">{report.reportName} report</h1>
          <p className="guest-report__person">
            {report.person.name} {report.person.surname}
          </p>
        </div>
        {textOnly ? null : <ReportSummary report={report} />}
        <ReportToolbar report={report} textOnly={textOnly} showAll={showAll} onShowAllChange={setShowAll} />
        {loading ? <Loading label="Loading report..." /> : null}
      </header>
      {showAll ? (
        <AllSections {...layout} />
      ) : narrow || textOnly ? (
        <SectionMenu {...layout} selected={selected} onSelect={select} />
      ) : (
        <SectionTabs {...layout} selected={selected} onSelect={select} />
      )}
    </main>
  );
}
