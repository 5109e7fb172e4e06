import { Skeleton, SkeletonLines, TableSkeleton } from '../../../components/ui/skeleton.tsx';

/** The team page's shape until the team is there: the report card (status, files, its buttons), then the members table. */
export function TeamReportSkeleton() {
  return (
    <>
      <div className="card team-report__report team-report-skeleton" aria-hidden="true">
        <Skeleton width="6rem" height="1.25rem" />
        <SkeletonLines count={2} className="team-report-skeleton__facts" />
        <span className="team-report-skeleton__actions">
          <Skeleton shape="block" width="9rem" />
          <Skeleton shape="block" width="9rem" />
          <Skeleton shape="block" width="11rem" />
        </span>
      </div>
      <TableSkeleton />
    </>
  );
}
