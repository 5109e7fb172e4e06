import { lazy, type ReactNode } from 'react';
import { CoachLayout } from '../features/coach-shell/components/coach-layout.tsx';
import type { CoachShellParts } from '../features/coach-shell/components/coach-shell-parts.ts';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';
import type { Session } from '../lib/session/session.ts';

// The frame's parts from other features, each its own chunk: the policies check starts after the screen, the
// Leave A Message dialog and the find-anything palette when first opened (the palette also on the intent to open it).
const PARTS: CoachShellParts = {
  PoliciesGate: lazy(async () => ({ default: (await import('../features/policies/components/policies-gate.tsx')).PoliciesGate })),
  LeaveMessageDialog: lazy(async () => ({
    default: (await import('../features/feedback/components/leave-message-dialog.tsx')).LeaveMessageDialog,
  })),
  FindAnything: lazyWithPreload(() => import('./find-anything.tsx')),
};

/** The coach area's frame (the shell's layout) with the parts other features give it. */
export function CoachFrame({ session, children }: { session: Session; children: ReactNode }) {
  return (
    <CoachLayout session={session} parts={PARTS}>
      {children}
    </CoachLayout>
  );
}
