import type { ReactNode } from 'react';

export interface SkeletonProps {
  /** A CSS length; the bar fills its place without one. */
  width?: string;
  /** A CSS length; a line of text without one. */
  height?: string;
  /** `text` a line, `block` a figure or a control, `circle` a chart or an avatar. */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
}

/** A grey shape where a line, a figure or a control will be (ui.css `.skeleton`). */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  const classes = ['skeleton', shape === 'text' ? null : `skeleton--${shape}`, className].filter(Boolean).join(' ');
  return <span className={classes} style={width || height ? { width, height } : undefined} />;
}

export interface SkeletonRegionProps {
  /** The words a screen reader hears (and `settled(page)` in the browser tests waits to go). */
  label?: string;
  className?: string;
  /** The loaded layout's shape drawn in `Skeleton`s: hidden from assistive technology. */
  children: ReactNode;
}

/**
 * What a screen shows until its first answer: the shape of the loaded layout, as the tables show skeleton rows. The
 * region is `aria-busy` and says 'Loading...' to a screen reader; nothing of the shape is read out.
 */
export function SkeletonRegion({ label = 'Loading...', className, children }: SkeletonRegionProps) {
  return (
    <div className={className ? `skeleton-region ${className}` : 'skeleton-region'} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <div className="skeleton-region__shape" aria-hidden="true">
        {children}
      </div>
    </div>
  );
}

/** A column of text lines, the last one shorter, as a paragraph's skeleton. */
export function SkeletonLines({ count = 2, className }: { count?: number; className?: string }) {
  return (
    <span className={className ? `skeleton-lines ${className}` : 'skeleton-lines'}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical bars.
        <Skeleton key={index} width={index === count - 1 && count > 1 ? '60%' : undefined} />
      ))}
    </span>
  );
}

const ROW_KEYS = Array.from({ length: 8 }, (_, index) => `row-${index}`);

/** A table's place until its code is there: its search field, its header and eight rows (as the table's own skeleton rows). */
export function TableSkeleton({ className }: { className?: string }) {
  return (
    <SkeletonRegion {...(className ? { className } : {})}>
      <span className="table-skeleton__toolbar">
        <Skeleton shape="block" width="min(18rem, 100%)" />
      </span>
      <span className="table-skeleton__table">
        <span className="table-skeleton__header">
          <Skeleton width="40%" />
        </span>
        {ROW_KEYS.map((key) => (
          <span key={key} className="table-skeleton__row">
            <Skeleton />
          </span>
        ))}
      </span>
    </SkeletonRegion>
  );
}
