import { lazy, Suspense } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Skeleton, SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useGuestReport } from '../api/get-guest-report.ts';
import type { GuestReportRequest } from '../utils/report-request.ts';
import './guest-report.css';

// The report view (tabs, menus, sanitised HTML) is its own chunk, fetched while the report is
// asked for: the page's initial JavaScript stays within the public-route budget.
const loadReportView = () => import('./report-view.tsx');
const ReportView = lazy(async () => ({ default: (await loadReportView()).ReportView }));
void loadReportView();

/** The guest report viewer (spec: public-and-guest §2 "Guest report viewer", §8 "Guest report"). */
export function GuestReportPage({ request }: { request: GuestReportRequest }) {
  const { data: report, error, isFetching, refetch } = useGuestReport(request);
  usePageTitle(report ? `${report.reportName} report` : 'Report');
  const waiting = (
    <main className="page">
      <h1>Report</h1>
      {report || !error ? <ReportSkeleton /> : <ProblemAlert error={error} onRetry={() => void refetch()} />}
    </main>
  );
  if (!report) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ReportView report={report} loading={isFetching} textOnly={report.textOnly || request.query.version === 'text'} />
    </Suspense>
  );
}

/** The report's shape until it is there: the person, the result at a glance, the section list and a section. */
function ReportSkeleton() {
  return (
    <SkeletonRegion label="Loading report..." className="report-skeleton">
      <Skeleton width="12rem" />
      <span className="report-skeleton__summary">
        <Skeleton shape="circle" width="7rem" />
        <SkeletonLines count={3} />
      </span>
      <span className="report-skeleton__body">
        <SkeletonLines count={5} className="report-skeleton__tabs" />
        <SkeletonLines count={6} />
      </span>
    </SkeletonRegion>
  );
}
