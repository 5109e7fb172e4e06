import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogProps {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** Alert dialogs are not closed by a click outside (Esc still closes unless `isKeyboardDismissDisabled`). */
  role?: 'dialog' | 'alertdialog';
  isKeyboardDismissDisabled?: boolean;
  /** `wide` for tables (View Details, History). */
  size?: 'normal' | 'wide';
}

/** A modal dialog: focus trapped, Esc closes, focus returns to the opener. */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  role = 'dialog',
  isKeyboardDismissDisabled,
  size = 'normal',
}: DialogProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
    >
      <Modal className={size === 'wide' ? 'modal modal--wide' : 'modal'}>
        <AriaDialog className="dialog" role={role}>
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
