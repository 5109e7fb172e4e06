import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import type { ActionProps } from './table-actions.ts';

export interface ConfirmActionProps extends Pick<ActionProps<unknown>, 'finish'> {
  /** The question, as the spec words it. */
  children: ReactNode;
  confirmLabel: string;
  /** Sends the call; the action stays mounted (the question closed) until the call's answer ends it. */
  onConfirm: () => void;
}

/** The 'Warning' question of an action that cannot be undone (Delete, Revoke): Cancel or Esc ends the action. */
export function ConfirmAction({ children, confirmLabel, onConfirm, finish }: ConfirmActionProps) {
  const [asking, setAsking] = useState(true);
  const confirm = () => {
    setAsking(false);
    onConfirm();
  };
  return (
    <ConfirmDialog title="Warning" isOpen={asking} isDestructive confirmLabel={confirmLabel} onConfirm={confirm} onCancel={() => finish()}>
      {children}
    </ConfirmDialog>
  );
}
