import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';

export interface ToastMessage {
  text: string;
  tone: 'error' | 'success' | 'info';
}

/** The app-wide toast queue: `toasts.add({ text, tone }, { timeout })` from anywhere. */
export const toasts = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

/**
 * Errors stay until dismissed; the rest fade after `timeoutMs` (5 s unless a screen's spec says
 * otherwise, e.g. 2500 ms on the assessments screen; WCAG 2.2.1 allows dismissible timed content).
 */
export function showToast(text: string, tone: ToastMessage['tone'] = 'info', timeoutMs = 5000): void {
  toasts.add({ text, tone }, tone === 'error' ? undefined : { timeout: timeoutMs });
}

/** Rendered once at the root; toasts are announced by react-aria's live region. */
export function Toaster() {
  return (
    <ToastRegion queue={toasts} className="toast-region">
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast--${toast.content.tone}`}>
          <ToastContent>
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
          <AriaButton slot="close" className="btn btn--quiet toast__close" aria-label="Dismiss">
            ×
          </AriaButton>
        </Toast>
      )}
    </ToastRegion>
  );
}
