import type { ComponentType } from 'react';

/**
 * What other features give the frame; the app composes them (`app/coach-frame.tsx`), so that the shell imports
 * no other feature. Both load lazily: they are not needed for the first paint.
 */
export interface CoachShellParts {
  /** The policies check and its modal over every screen. */
  PoliciesGate: ComponentType<{ onLogOut: () => void }>;
  /** The drawer's Leave A Message dialog. */
  LeaveMessageDialog: ComponentType<{ isOpen: boolean; onClose: () => void }>;
}
