// How the assessments actions' tests mount an action and read the alert it ends with (imported by tests only).
import { waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, expect, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { Toaster, toasts } from '../../../../components/ui/toast.tsx';
import { SESSION } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import type { AssessmentActionProps } from './action-props.ts';

// The toast queue is the app's one queue and its toasts outlive a test: none is carried into the next one.
afterEach(() => {
  for (const toast of toasts.visibleToasts) toasts.close(toast.key);
});

/** The texts of the toasts on screen now (the queue the Toaster shows). */
export const toastTexts = () => toasts.visibleToasts.map((toast) => toast.content.text);

/**
 * Mounts a toolbar action as the assessments screen does, with the toaster beside it: the own view, the demo coach's
 * session and an empty selection unless `props` say otherwise. `finish` and `clearSelection` are spies.
 */
export function renderAction(Action: ComponentType<AssessmentActionProps>, props: Partial<AssessmentActionProps> = {}) {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  const clearSelection = vi.fn();
  const view = render(
    <>
      <Action view="own" session={SESSION} ids={[]} rows={[]} finish={finish} clearSelection={clearSelection} {...props} />
      <Toaster />
    </>,
  );
  return { finish, clearSelection, ...view };
}

/** An alert as the screen shows it: its title and its body rendered (`body` is the element, `text` its text). */
export function shownMessage(message: ActionMessage) {
  const { container } = render(<div>{message.body}</div>);
  const body = container.firstElementChild as HTMLElement;
  return { title: message.title, body, text: body.textContent };
}

/** The alert the action ended with (it must end with one), as the screen shows it. */
export async function finalMessage(finish: ReturnType<typeof renderAction>['finish']) {
  await waitFor(() => expect(finish).toHaveBeenCalled());
  const message = finish.mock.calls[0]?.[0];
  if (!message) throw new Error('finished without a message');
  return shownMessage(message);
}

/** An alert's title and text, for a test that compares the whole alert. */
export function messageText(message: ActionMessage) {
  const { title, text } = shownMessage(message);
  return { title, text };
}

/** The final alert's title and text. */
export async function finalText(finish: ReturnType<typeof renderAction>['finish']) {
  const { title, text } = await finalMessage(finish);
  return { title, text };
}

/** A send for more than one assessment offers only the provider's address, with the spec's reason (§5). */
export function expectOnlyProviderAddress(dialog: HTMLElement) {
  expect(
    within(dialog)
      .getByRole('radio', { name: /From your email address/ })
      .hasAttribute('disabled'),
  ).toBe(true);
  within(dialog).getByText("Can't send from your email address because more than one assessment has been selected.");
}
