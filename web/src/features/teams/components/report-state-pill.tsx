import { StatusPill, type StatusTone } from '../../../components/ui/status-pill.tsx';
import { REPORT_STATE_LABELS, type ReportState } from '../../../lib/labels/teams.ts';

const TONES: Readonly<Record<ReportState, StatusTone>> = { notRequested: 'neutral', requested: 'progress', available: 'done' };

/**
 * A team report's state as a pill (spec coach-shell §4: Not Requested, Requested, Available), and after it what was
 * requested (the legacy's Report Requested text, e.g. 'Combined') and the detail given, quieter.
 */
export function ReportStatePill({ state, requested, detail }: { state: ReportState; requested?: string | null; detail?: string }) {
  const after = state === 'notRequested' ? '' : [requested, detail].filter(Boolean).join(', ');
  return (
    <span className="report-state">
      <StatusPill tone={TONES[state]}>{REPORT_STATE_LABELS[state]}</StatusPill>
      {after ? (
        <>
          {/* Read as one sentence ('Requested: Combined, due …'); seen as the pill and its detail. */}
          <span className="visually-hidden">: </span>
          <span className="report-state__detail">{after}</span>
        </>
      ) : null}
    </span>
  );
}
