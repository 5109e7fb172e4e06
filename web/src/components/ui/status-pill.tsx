import type { ReactNode } from 'react';

/** `neutral` nothing under way (not requested), `progress` under way (requested), `done` there (available). */
export type StatusTone = 'neutral' | 'progress' | 'done';

/** A record's state as a low-saturation pill (ui.css `.status-pill`, the `--color-status-*` tokens): read, not alarming. */
export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-pill status-pill--${tone}`}>{children}</span>;
}
