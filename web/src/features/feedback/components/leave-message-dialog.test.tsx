import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { describedBy } from '../../../test/described-by.ts';
import { fieldProblem, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { LEAVE_MESSAGE, LeaveMessageDialog } from './leave-message-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const onClose = vi.fn();

function open() {
  render(
    <>
      <LeaveMessageDialog isOpen onClose={onClose} />
      <Toaster />
    </>,
  );
  return screen.getByRole('dialog', { name: LEAVE_MESSAGE.title });
}

/** Picks the category, types the message and presses Send. */
async function send(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, category: string, message: string) {
  await user.selectOptions(within(dialog).getByLabelText('Category'), category);
  await user.type(within(dialog).getByLabelText('Message'), message);
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
}

beforeEach(() => {
  fetchMock.mockReset();
  onClose.mockReset();
});

describe('LeaveMessageDialog', () => {
  it('asks for a category and a non-blank text at the fields missing, the first focused, before sending anything', async () => {
    const calls = serve(fetchMock, {});
    const user = userEvent.setup();
    const dialog = open();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const category = within(dialog).getByLabelText('Category');
    await waitFor(() => expect(document.activeElement).toBe(category));
    expect(category.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(category)).toBe(LEAVE_MESSAGE.incomplete);
    expect(describedBy(within(dialog).getByLabelText('Message'))).toBe(LEAVE_MESSAGE.incomplete);
    await send(user, dialog, 'bugReport', '   ');
    const message = within(dialog).getByLabelText('Message');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(category.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(message)).toBe(LEAVE_MESSAGE.incomplete);
    expect(calls).toEqual([]);
  });

  it('sends the category and text, toasts the thanks and closes', async () => {
    const calls = serve(fetchMock, { 'POST /api/feedback': [new Response(null, { status: 204 })] });
    const user = userEvent.setup();
    const dialog = open();
    await send(user, dialog, 'featureRequest', 'A Slovak team report, please.');
    expect(await screen.findByText(LEAVE_MESSAGE.sent)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/feedback', body: { category: 'featureRequest', message: 'A Slovak team report, please.' }, csrf: '1' },
    ]);
  });

  it('alerts the failure, then gives the message back to try again', async () => {
    serve(fetchMock, { 'POST /api/feedback': [problem(502, 'upstream_error', 'There was an unexpected error')] });
    const user = userEvent.setup();
    const dialog = open();
    await send(user, dialog, 'freeText', 'Hello');
    const alert = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(alert.textContent).toContain(LEAVE_MESSAGE.failed);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends one keyed request for a double-click, and the same key when Send is pressed again after a failure', async () => {
    serve(fetchMock, {
      'POST /api/feedback': [problem(502, 'upstream_error', 'There was an unexpected error'), new Response(null, { status: 204 })],
    });
    const user = userEvent.setup();
    const dialog = open();
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'freeText');
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Failed' });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(LEAVE_MESSAGE.sent)).toBeTruthy();
    const keys = fetchMock.mock.calls.map(([request]) => (request as Request).headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it.each([
    ['characters', 'The message contains characters that are not allowed.'],
    ['an emoji', 'Please remove the emoji from the message.'],
  ])('says the BFF’s refusal of %s at the message, focused, with no failure alert', async (_what, detail) => {
    serve(fetchMock, { 'POST /api/feedback': [fieldProblem('validation_failed', 'message', detail)] });
    const user = userEvent.setup();
    const dialog = open();
    await send(user, dialog, 'freeText', 'Hello');
    const message = within(dialog).getByLabelText('Message');
    await waitFor(() => expect(describedBy(message)).toBe(detail));
    expect(document.activeElement).toBe(message);
    expect(screen.queryByRole('alertdialog', { name: 'Failed' })).toBeNull();
  });
});
