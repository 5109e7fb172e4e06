import { lazy, Suspense } from 'react';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import type { GuestReport, ReportTab } from '../utils/report-tabs.ts';

// The first entry is always a section of the report; the results entries load when first shown,
// keeping the page's initial JavaScript within the budget (the public-route budget).
const GuestResultsContent = lazy(async () => ({ default: (await import('./guest-results-content.tsx')).GuestResultsContent }));

export interface TabContentProps {
  tab: ReportTab;
  report: GuestReport;
  textOnly: boolean;
}

/** The body of one entry of the section list (the layouts add its heading). */
export function TabContent({ tab, report, textOnly }: TabContentProps) {
  if (tab.kind === 'section') return <SafeHtml className="report-html" html={tab.section.html} />;
  return (
    <Suspense fallback={<Loading label="Loading..." />}>
      <GuestResultsContent kind={tab.kind} report={report} textOnly={textOnly} />
    </Suspense>
  );
}
