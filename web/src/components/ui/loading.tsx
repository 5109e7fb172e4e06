/** What a page shows while it loads (spec public-and-guest §2: the mini-assessment shows '...'). */
export function Loading({ label = '...' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}
