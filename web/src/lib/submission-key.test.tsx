import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../components/ui/button.tsx';
import { DialogForm } from '../components/ui/form-dialog.tsx';
import { SAME_PRESS_MS, type SubmissionParams, submissionAnswered, submissionKey, useSubmission } from './submission-key.ts';

/** A call the test answers when it chooses. */
interface Sent {
  request: string;
  key: string;
  answer: () => void;
  fail: (failure: unknown) => void;
}

/** A dialog's form: a name field and its submit button, sending through `useSubmission`. */
function AddForm({ sent, action = 'createTeam' }: { sent: Sent[]; action?: string }) {
  const [name, setName] = useState('Sales');
  const submission = useSubmission(action);
  const send = (params: SubmissionParams) =>
    new Promise<void>((resolve, reject) => {
      sent.push({ request: name, key: params.header['Idempotency-Key'], answer: resolve, fail: reject });
    });
  return (
    <DialogForm onSubmit={() => submission.submit({ name }, send)}>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <Button type="submit" isPending={submission.isPending}>
        Add
      </Button>
    </DialogForm>
  );
}

// The clock the hook reads, moved on by `later()`: a press after a done submission waits out the double-click time.
const realNow = performance.now.bind(performance);
let offset = 0;
vi.spyOn(performance, 'now').mockImplementation(() => realNow() + offset);
afterEach(() => {
  offset = 0;
});
/** The double-click time passes. */
const later = () => {
  offset += SAME_PRESS_MS;
};

const refusal = (status: number, code: string) => ({ type: `/problems/${code}`, title: 'Failed', status, code, detail: 'Refused.' });

describe('useSubmission', () => {
  it('sends one request for a double-click or Enter pressed twice, and the button is busy until it is answered', async () => {
    const sent: Sent[] = [];
    render(<AddForm sent={sent} />);
    const add = screen.getByRole('button', { name: 'Add' });
    // Two submits in one task, before anything renders again.
    const form = add.closest('form') as HTMLFormElement;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(sent).toHaveLength(1);
    await waitFor(() => expect(add.hasAttribute('data-pending')).toBe(true));
    await userEvent.dblClick(add);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(sent).toHaveLength(1);
    await act(async () => sent[0]?.answer());
    await waitFor(() => expect(add.hasAttribute('data-pending')).toBe(false));
    later();
    await userEvent.click(add);
    expect(sent).toHaveLength(2);
  });

  it('takes the same request pressed within the double-click time after a fast answer as the same press', async () => {
    const sent: Sent[] = [];
    render(<AddForm sent={sent} />);
    const add = screen.getByRole('button', { name: 'Add' });
    await userEvent.click(add);
    await act(async () => sent[0]?.answer());
    await userEvent.click(add);
    expect(sent).toHaveLength(1);
    later();
    await userEvent.click(add);
    expect(sent).toHaveLength(2);
    // Another request (a confirmation's, other input) is another press, however soon.
    await act(async () => sent[1]?.answer());
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' North');
    await userEvent.click(add);
    expect(sent).toHaveLength(3);
  });

  it('keeps the key for the same request after a failure, and takes a new one after an answer or other input', async () => {
    const sent: Sent[] = [];
    render(<AddForm sent={sent} />);
    const add = screen.getByRole('button', { name: 'Add' });
    await userEvent.click(add);
    await act(async () => sent[0]?.fail(new TypeError('Failed to fetch')));
    await userEvent.click(add);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    // The outcome is open while the first still runs or never came back.
    await act(async () => sent[1]?.fail(refusal(409, 'outcome_unknown')));
    await userEvent.click(add);
    expect(sent[2]?.key).toBe(sent[0]?.key);
    await act(async () => sent[2]?.fail(refusal(409, 'idempotency_answer_not_kept')));
    await userEvent.click(add);
    expect(sent[3]?.key).toBe(sent[0]?.key);
    await act(async () => sent[3]?.fail(refusal(504, 'upstream_timeout')));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' North');
    await userEvent.click(add);
    expect(sent[4]).toMatchObject({ request: 'Sales North' });
    expect(sent[4]?.key).not.toBe(sent[0]?.key);
    await act(async () => sent[4]?.answer());
    later();
    await userEvent.click(add);
    expect(sent[5]?.request).toBe('Sales North');
    expect(sent[5]?.key).not.toBe(sent[4]?.key);
    expect(sent[5]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes a new key after a refusal for good, e.g. too few credits', async () => {
    const sent: Sent[] = [];
    render(<AddForm sent={sent} />);
    const add = screen.getByRole('button', { name: 'Add' });
    await userEvent.click(add);
    await act(async () => sent[0]?.fail(refusal(402, 'insufficient_credits')));
    await userEvent.click(add);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('gives two dialogs of one action with the same request two keys', async () => {
    const first: Sent[] = [];
    const second: Sent[] = [];
    render(
      <>
        <AddForm sent={first} />
        <AddForm sent={second} />
      </>,
    );
    const [one, two] = screen.getAllByRole('button', { name: 'Add' });
    await userEvent.click(one as HTMLElement);
    await userEvent.click(two as HTMLElement);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]?.key).not.toBe(second[0]?.key);
  });
});

describe('submissionKey', () => {
  it('keeps a batch’s key in the tab until it is answered', () => {
    const body = { ids: ['a', 'b'] };
    const key = submissionKey('deleteTeams', body).header['Idempotency-Key'];
    expect(submissionKey('deleteTeams', { ids: ['a', 'b'] }).header['Idempotency-Key']).toBe(key);
    expect(submissionKey('deleteTeams', { ids: ['a'] }).header['Idempotency-Key']).not.toBe(key);
    const other = submissionKey('deleteTeams', body).header['Idempotency-Key'];
    submissionAnswered('deleteTeams');
    expect(submissionKey('deleteTeams', body).header['Idempotency-Key']).not.toBe(other);
  });
});
