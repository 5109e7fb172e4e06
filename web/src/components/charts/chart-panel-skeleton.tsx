import './chart-frame.css';
import { Skeleton, SkeletonRegion } from '../ui/skeleton.tsx';

/**
 * An insights panel's place while its code loads (the panel itself is a lazy chunk with the chart library): the card,
 * its heading and the chart's box, so nothing moves when it arrives. Free of the chart code.
 */
export function ChartPanelSkeleton() {
  return (
    <SkeletonRegion className="chart-panel chart-panel--skeleton">
      <Skeleton width="12rem" height="1.25rem" />
      <Skeleton shape="block" height="12rem" />
    </SkeletonRegion>
  );
}
