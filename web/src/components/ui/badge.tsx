import type { ReactNode } from 'react';

export interface BadgeProps {
  children: ReactNode;
  /** `attention` (the 'new' colour, `--color-new`: 'New') or `neutral` (grey: a role, a state). */
  tone?: 'attention' | 'neutral';
  className?: string;
}

/** A small pill after a label (ui.css `.badge`): one look per tone, wherever it shows. */
export function Badge({ children, tone = 'attention', className }: BadgeProps) {
  const classes = ['badge', tone === 'neutral' ? 'badge--neutral' : null, className].filter(Boolean).join(' ');
  return <span className={classes}>{children}</span>;
}

/** The badge of a session an assistant acts in (spec coach-shell §2.1 drawer, §2.3 greeting): a role, so neutral. */
export function AssistantBadge({ className }: { className?: string }) {
  return (
    <Badge tone="neutral" className={className}>
      Assistant
    </Badge>
  );
}
