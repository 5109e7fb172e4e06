import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  isOpen: boolean;
  /** The question, as the spec words it. */
  children: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are (Esc does the same); 'Cancel' unless the question needs other words. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A destructive action's button is red. */
  isDestructive?: boolean;
}

/** A question before an action that cannot be undone: Cancel (focused first, and Esc) or the action. */
export function ConfirmDialog({
  title,
  isOpen,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  isDestructive,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} role="alertdialog" size="small" isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <div className="message-dialog__body">{children}</div>
      <div className="dialog__actions">
        <Button variant="secondary" autoFocus onPress={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={isDestructive ? 'danger' : 'primary'} onPress={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
