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

/** The app-wide toast queue: `showToast(text, tone, timeoutMs)` from anywhere. */
export const toasts = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

/** spec coach-shell §9: the shell's toasts last 3.5 s; a screen passes its own (Teams 2 s, the team page 1.5 s, …). */
export const SHELL_TOAST_MS = 3500;

/** The toast on screen for each message (tone and text), so that the same message again replaces it. */
const shown = new Map<string, string>();

/**
 * Every toast fades after `timeoutMs`, an error too: the spec gives each screen one duration and no toast that
 * stays (a refusal left on screen ends up over the next dialog). The same message again replaces the one shown,
 * with a fresh duration, instead of stacking a copy. Focusing a toast (its Dismiss button) holds it
 * (WCAG 2.2.1); pointing at it does not, since a toast lets the pointer through to what is under it.
 */
export function showToast(text: string, tone: ToastMessage['tone'] = 'info', timeoutMs = SHELL_TOAST_MS): void {
  const message = `${tone}:${text}`;
  const previous = shown.get(message);
  if (previous) toasts.close(previous);
  const key = toasts.add(
    { text, tone },
    {
      timeout: timeoutMs,
      onClose: () => {
        if (shown.get(message) === key) shown.delete(message);
      },
    },
  );
  shown.set(message, key);
}

/**
 * Rendered once, by the coach layout; toasts are announced by react-aria's live region. Placed where no action is
 * (over the top bar's title at desktop width, under the top bar on a phone) and transparent to the pointer
 * (ui.css): a click meant for what is under a toast reaches it, and pointing there does not hold the toast.
 */
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
