import type { ReactNode, Ref } from 'react';
import { ProblemAlert } from '../problem-alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface FormDialogProps {
  title: ReactNode;
  /** Cancel, Esc and a click outside. */
  onClose: () => void;
  /** The submit button or Enter in a field; the form's own checks are the caller's (the browser's are off). */
  onSubmit: () => void;
  submitLabel: ReactNode;
  /** Waiting for the server: the submit button is pending (it keeps focus, so Esc still closes the dialog). */
  isPending?: boolean;
  isSubmitDisabled?: boolean;
  /** The server's refusal, shown above the buttons (`ProblemAlert`). */
  error?: unknown;
  /** Buttons between Cancel and the submit button (e.g. Preview). */
  actions?: ReactNode;
  /** Classes besides `stack` for the form. */
  className?: string;
  /** Closed by the caller while it shows something else in its place (defaults to open). */
  isOpen?: boolean;
  /** The form element: `useFieldErrors`' `formRef`, where the first invalid field is found. */
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * A dialog that is one form: its fields, the server's refusal, then Cancel and the submit button. The form is
 * `noValidate`: the spec's messages are shown by the caller, never the browser's.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  isPending = false,
  isSubmitDisabled = false,
  error = null,
  actions,
  className,
  isOpen = true,
  formRef,
  children,
}: FormDialogProps) {
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogForm className={className ? `stack ${className}` : 'stack'} onSubmit={onSubmit} formRef={formRef}>
        {children}
        <ProblemAlert error={error} />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          {actions}
          <Button type="submit" isDisabled={isSubmitDisabled} isPending={isPending}>
            {submitLabel}
          </Button>
        </div>
      </DialogForm>
    </Dialog>
  );
}

/**
 * A dialog's form of its own making (steps, buttons of its own): `noValidate`, so that the spec's messages are shown
 * by the caller, never the browser's; the submit button or Enter in a field calls `onSubmit`.
 */
export function DialogForm({
  className = 'stack',
  onSubmit,
  formRef,
  children,
}: {
  className?: string;
  onSubmit: () => void;
  formRef?: Ref<HTMLFormElement> | undefined;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
