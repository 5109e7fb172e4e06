import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { Toaster, toasts } from '../../../../components/ui/toast.tsx';
import type { Session } from '../../../../lib/session/session.ts';
import { describedBy } from '../../../../test/described-by.ts';
import { json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { details } from '../shared/send-test-data.ts';
import AddPairsDialog, { DUE_DATE_FORMAT, DUE_DATE_TOO_SOON } from './add-pairs-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
beforeEach(() => {
  // Friday 27 November 2026, noon: 2 weekdays ahead is Tuesday 1 December.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 27, 12, 0));
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  for (const toast of toasts.visibleToasts) toasts.close(toast.key);
});

const NALEDI = details(1, 'Naledi Khumalo');
const JOHAN = details(2, 'Johan Merwe');
const IMPERSONATOR: Session = { ...SESSION, roles: { ...SESSION.roles, impersonator: true } };

function renderDialog(session: Session = SESSION, rows = [NALEDI, JOHAN]) {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(
    <>
      <AddPairsDialog view="own" session={session} ids={[NALEDI.id, JOHAN.id]} rows={rows} finish={finish} clearSelection={vi.fn()} />
      <Toaster />
    </>,
  );
  return { finish, dialog: screen.getByRole('dialog', { name: 'Add Pairs' }) };
}

const dueDate = (dialog: HTMLElement) => within(dialog).getByLabelText('Due date') as HTMLInputElement;
const setDueDate = (dialog: HTMLElement, value: string) => fireEvent.change(dueDate(dialog), { target: { value } });

describe('Add Pairs', () => {
  it('offers Couples (default) or Colleagues, a due date from 2 weekdays ahead, the cost, and no token type for a coach', () => {
    const { dialog } = renderDialog();
    expect(dialog.textContent).toContain('A pair report for Naledi Khumalo & Johan Merwe.');
    expect((within(dialog).getByRole('radio', { name: 'Couples' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Colleagues' }) as HTMLInputElement).checked).toBe(false);
    expect(dialog.textContent).toContain('At least 2 weekdays from today: 2026-12-01 or later.');
    expect(dialog.textContent).toContain('Cost: 2 credits');
    expect(within(dialog).queryByLabelText('Token type')).toBeNull();
  });

  it('refuses a missing due date with the spec’s text at the field, focused, asking the BFF nothing', async () => {
    serve(fetchMock, {});
    const { dialog, finish } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Pairs' }));
    const field = dueDate(dialog);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The hint stays beside it: it names the earliest date to write.
    expect(describedBy(field)).toBe('At least 2 weekdays from today: 2026-12-01 or later. Please specify a due date.');
    expect(toasts.visibleToasts).toHaveLength(0);
    // Typing takes the sentence away.
    await userEvent.type(field, '2');
    expect(describedBy(field)).not.toContain('Please specify a due date.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(finish).not.toHaveBeenCalled();
  });

  it('writes the due date YYYY-MM-DD, as every date of the portal: typed, or picked in the calendar', async () => {
    // The browser's calendar: the test environment has none.
    const showPicker = vi.fn();
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'showPicker');
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', { value: showPicker, configurable: true });
    try {
      serve(fetchMock, {});
      const { dialog } = renderDialog();
      const field = dueDate(dialog);
      expect(field.type).toBe('text');
      expect(field.placeholder).toBe('YYYY-MM-DD');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Choose the due date in a calendar' }));
      expect(showPicker).toHaveBeenCalled();
      const calendar = dialog.querySelector('input[type="date"]') as HTMLInputElement;
      expect(calendar.min).toBe('2026-12-01');
      expect(calendar.tabIndex).toBe(-1);
      fireEvent.change(calendar, { target: { value: '2026-12-03' } });
      expect(field.value).toBe('2026-12-03');

      setDueDate(dialog, '12/03/2026');
      expect(dialog.textContent).toContain(DUE_DATE_FORMAT);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Pairs' }));
      expect(fetchMock).not.toHaveBeenCalled();
      setDueDate(dialog, '2026-02-30');
      expect(dialog.textContent).toContain(DUE_DATE_FORMAT);
    } finally {
      if (native) Object.defineProperty(HTMLInputElement.prototype, 'showPicker', native);
      else Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
    }
  });

  it('refuses a date less than 2 weekdays ahead beside the field', async () => {
    serve(fetchMock, {});
    const { dialog } = renderDialog();
    setDueDate(dialog, '2026-11-30');
    expect(dialog.textContent).toContain(DUE_DATE_TOO_SOON);
    expect(dueDate(dialog).getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Pairs' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requests the pair with the chosen type and date, and ends with the Success alert', async () => {
    const calls = serve(fetchMock, {
      'POST /api/pairs': [json({ coupleType: 'Workplace', reportDueDate: '2026-12-01', reportCost: 2 }, 201)],
    });
    const { dialog, finish } = renderDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Colleagues' }));
    setDueDate(dialog, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Pairs' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ assessmentIds: [NALEDI.id, JOHAN.id], coupleType: 'Workplace', dueDate: '2026-12-01' });
    expect(calls[0]?.csrf).toBe('1');
    const message = finish.mock.calls[0]?.[0];
    expect(message?.title).toBe('Success');
    render(<div data-testid="message">{message?.body}</div>);
    expect(screen.getByTestId('message').textContent).toBe(
      'A Colleagues pair report has been requested for Naledi Khumalo & Johan Merwe, due 2026-12-01. It can take up to two working days.',
    );
  });

  it('lets an impersonator choose Billable or Marketing and sends it', async () => {
    const calls = serve(fetchMock, {
      'POST /api/pairs': [json({ coupleType: 'Romance', reportDueDate: '2026-12-02', reportCost: 2 }, 201)],
    });
    const { dialog, finish } = renderDialog(IMPERSONATOR, []);
    const tokenType = within(dialog).getByLabelText('Token type') as HTMLSelectElement;
    expect([...tokenType.options].map((option) => option.text)).toEqual(['Billable', 'Marketing']);
    await userEvent.selectOptions(tokenType, 'marketing');
    setDueDate(dialog, '2026-12-02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Pairs' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      assessmentIds: [NALEDI.id, JOHAN.id],
      coupleType: 'Romance',
      dueDate: '2026-12-02',
      tokenType: 'marketing',
    });
  });

  it('shows the BFF refusal in the dialog and stays open', async () => {
    serve(fetchMock, { 'POST /api/pairs': [problem(400, 'pair_failed', 'Not enough credits.')] });
    const { dialog, finish } = renderDialog();
    setDueDate(dialog, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Pairs' }));
    await within(dialog).findByText('Not enough credits.');
    expect(finish).not.toHaveBeenCalled();
  });
});
