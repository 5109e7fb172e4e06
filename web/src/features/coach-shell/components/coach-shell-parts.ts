import type { ComponentType } from 'react';
import type { Session } from '../../../lib/session/session.ts';

/** What the shell gives the find-anything palette. */
export interface FindAnythingProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  session: Session;
  onLogOut: () => void;
}

/**
 * What other features give the frame; the app composes them (`app/coach-frame.tsx`), so that the shell imports
 * no other feature. They load lazily: they are not needed for the first paint.
 */
export interface CoachShellParts {
  /** The policies check and its modal over every screen. */
  PoliciesGate: ComponentType<{ onLogOut: () => void }>;
  /** The drawer's Leave A Message dialog. */
  LeaveMessageDialog: ComponentType<{ isOpen: boolean; onClose: () => void }>;
  /** The find-anything palette (Ctrl/Cmd+K, the top bar's search button); `preload` fetches it on the intent to open it. */
  FindAnything: ComponentType<FindAnythingProps> & { preload?: () => void };
}
