import { type ReactNode, useEffect } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogProps {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** Alert dialogs are not closed by a click outside (Esc still closes unless `isKeyboardDismissDisabled`). */
  role?: 'dialog' | 'alertdialog';
  isKeyboardDismissDisabled?: boolean;
  /**
   * One of three widths (global.css `--modal-*`): `small` a question or a message (confirm, alert), `normal` a form or
   * a text to read (messages, policies), `wide` a table (View Details, History).
   */
  size?: DialogSize;
}

export type DialogSize = 'small' | 'normal' | 'wide';
const SIZE_CLASSES: Readonly<Record<DialogSize, string>> = { small: 'modal modal--small', normal: 'modal', wide: 'modal modal--wide' };

/**
 * A modal dialog: focus trapped, Esc closes, focus returns to the opener; a dialog that opened by itself (the policies,
 * the dashboard's messages) has none, so the focus goes to the page's main instead of the body (`FocusLandsOnMain`).
 */
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
      <Modal className={SIZE_CLASSES[size]}>
        <FocusLandsOnMain />
        <AriaDialog ref={markHiddenEdges} className="dialog" role={role}>
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * When the dialog goes, react-aria gives the focus back to what had it when the dialog opened, a frame later; when
 * that was nothing (a dialog that opened by itself), the focus would fall to the body and the next Tab start again at
 * the skip link: it goes to the page's `<main>` instead, where the page's heading is, without scrolling.
 */
function FocusLandsOnMain() {
  useEffect(
    () => () => {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (active !== null && active !== document.body) return;
          const main = document.querySelector<HTMLElement>('main');
          if (!main) return;
          if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
          main.focus({ preventScroll: true });
        }),
      );
    },
    [],
  );
  return null;
}

/**
 * Marks the dialog's scroll areas (the dialog, or a part of its body that scrolls on its own) with the content out of
 * sight above (`data-more-above`) and below (`data-more-below`): a shadow under the title or over the buttons says
 * there is more.
 */
function markHiddenEdges(dialog: HTMLElement | null) {
  if (!dialog) return;
  const mark = (area: Element) => {
    const scrolls = area === dialog || /auto|scroll/.test(getComputedStyle(area).overflowY);
    area.toggleAttribute('data-more-above', scrolls && area.scrollTop > 0);
    // A pixel's slack: a zoomed page rounds the heights.
    area.toggleAttribute('data-more-below', scrolls && area.scrollTop + area.clientHeight < area.scrollHeight - 1);
  };
  // The dialog, its body's parts and its form's: where a dialog's scroll area is.
  const areas = () => [dialog, ...dialog.querySelectorAll(':scope > *, :scope > form > *')];
  const markAll = () => {
    for (const area of areas()) mark(area);
  };
  markAll();
  // Scrolling does not bubble: caught on its way down to the part that scrolls.
  const scrolled = (event: Event) => {
    if (event.target instanceof Element) mark(event.target);
  };
  dialog.addEventListener('scroll', scrolled, { capture: true, passive: true });
  // The window resized, or the body grew (an alert, the next step).
  const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(markAll);
  for (const area of areas()) resized?.observe(area);
  return () => {
    dialog.removeEventListener('scroll', scrolled, { capture: true });
    resized?.disconnect();
  };
}
