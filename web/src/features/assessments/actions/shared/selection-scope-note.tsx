import { countOf } from './batch-job.tsx';

/**
 * A confirmation's count when the selection holds records the table's filter no longer shows: the action runs on the
 * whole selection, so it says how many, and how many of them are outside the filter. Nothing otherwise.
 */
export function SelectionScopeNote({ verb, count, outside }: { verb: string; count: number; outside: number | undefined }) {
  if (!outside || outside <= 0) return null;
  return (
    <p className="selection-scope-note">
      <strong>{`${verb} all ${countOf(count, 'selected assessment', 'selected assessments')}`}</strong>
      {`, ${outside.toLocaleString('en')} of them not shown by the table's filter.`}
    </p>
  );
}
