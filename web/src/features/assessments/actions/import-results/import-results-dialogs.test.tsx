import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { describedBy } from '../../../../test/described-by.ts';
import { json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { BENCE_ROW } from '../../../../test/fixtures.ts';
import { render } from '../../../../test/render.tsx';
import type { AssessmentRow } from '../../api/list-assessments.ts';
import { ADD_TEXTS } from '../shared/client-fields.tsx';
import { RECEIVED_REFUSAL } from '../shared/received-refusal.ts';
import { DEFAULT_RANKING, placeStyle } from './enneagram-ranking.tsx';
import ImportResultsDialog from './import-results-dialog.tsx';
import { IMPORT_TEXTS } from './import-results-form.tsx';
import ImportResultsToExistingDialog from './import-results-to-existing-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const projects = () => ({ 'GET /api/assessments/projects': [json({ items: ['Leadership Programme 2025'] })] });
const ROW = BENCE_ROW;

function renderNew() {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(<ImportResultsDialog view="own" session={SESSION} ids={[]} rows={[]} finish={finish} clearSelection={vi.fn()} />);
  return finish;
}
function renderExisting(row: AssessmentRow) {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(
    <ImportResultsToExistingDialog view="own" session={SESSION} ids={[row.id]} rows={[row]} finish={finish} clearSelection={vi.fn()} />,
  );
  return finish;
}
const slide = (dialog: HTMLElement, name: string, value: number) =>
  fireEvent.change(within(dialog).getByRole('slider', { name }), { target: { value: String(value) } });
const place = (dialog: HTMLElement, name: string) => within(dialog).getByRole('combobox', { name }) as HTMLSelectElement;

describe('the ranking', () => {
  it('starts on trifix 125 and keeps each style once: a style chosen again swaps places', () => {
    expect(DEFAULT_RANKING.slice(0, 3)).toEqual([1, 2, 5]);
    expect(placeStyle(DEFAULT_RANKING, 0, 4)).toEqual([4, 2, 5, 3, 1, 6, 7, 8, 9]);
    expect(placeStyle(DEFAULT_RANKING, 2, 5)).toEqual([...DEFAULT_RANKING]);
    // Copying a ranking place by place from the first gives exactly that ranking.
    const wanted = [9, 4, 7, 3, 8, 1, 6, 2, 5];
    const copied = wanted.reduce<number[]>((ranking, style, index) => placeStyle(ranking, index, style), [...DEFAULT_RANKING]);
    expect(copied).toEqual(wanted);
  });
});

describe('Import Results (new client)', () => {
  it('checks the client and the instinct tie with the spec’s texts, then sends the ranking and the scores', async () => {
    const calls = serve(fetchMock, {
      ...projects(),
      'POST /api/clients/result-imports': [json({ name: 'Sipho', surname: 'Dlamini' }, 201)],
    });
    const finish = renderNew();
    const dialog = await screen.findByRole('dialog', { name: 'Import Results' });
    const submit = within(dialog).getByRole('button', { name: 'Import' });
    await userEvent.click(submit);
    // The client's details at their fields, the first focused.
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(describedBy(name)).toBe(ADD_TEXTS.clientDetails);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(name, 'Sipho');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Dlamini');
    await userEvent.type(email, 'sipho@');
    await userEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(describedBy(email)).toBe(ADD_TEXTS.invalidEmail);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'umhlanga.co.za');
    // The sliders start level: a tie.
    await userEvent.click(submit);
    await within(dialog).findByText(IMPORT_TEXTS.instinctTie);
    // Two still the same: still a tie.
    slide(dialog, 'Self-preservation (SP)', 80);
    await userEvent.click(submit);
    await within(dialog).findByText(IMPORT_TEXTS.instinctTie);
    slide(dialog, 'Social (SO)', 40);
    slide(dialog, 'Sexual, one-to-one (SX)', 60);

    expect(place(dialog, '1st').value).toBe('1');
    expect(within(dialog).getByText('125')).toBeTruthy();
    await userEvent.selectOptions(place(dialog, '1st'), '4');
    // 4 was 5th: it swaps with the 1.
    expect(place(dialog, '5th').value).toBe('1');
    await within(dialog).findByText('Style 4 is now 1st; style 1 moved to 5th.');
    expect(within(dialog).getByText('425')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Assessment language' }), 'zulu');
    await within(dialog).findByRole('option', { name: 'Leadership Programme 2025' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Project' }), 'Leadership Programme 2025');
    await userEvent.click(submit);
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sipho',
      surname: 'Dlamini',
      email: 'sipho@umhlanga.co.za',
      enneaRanking: [4, 2, 5, 3, 1, 6, 7, 8, 9],
      instinctScores: { sp: 80, so: 40, sx: 60 },
      language: 'zulu',
      project: 'Leadership Programme 2025',
    });
    const message = finish.mock.calls[0]?.[0];
    expect(message?.title).toBe('Success');
    render(<div>{message?.body}</div>);
    await screen.findByText('The results of Sipho Dlamini have been imported.');
  });

  it('shows the BFF’s refusal in the dialog and stays open', async () => {
    serve(fetchMock, {
      ...projects(),
      'POST /api/clients/result-imports': [problem(400, 'import_failed', 'Results for this e-mail were already imported.')],
    });
    const finish = renderNew();
    const dialog = await screen.findByRole('dialog', { name: 'Import Results' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Thandi');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Mokoena');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'thandi@example.com');
    slide(dialog, 'Self-preservation (SP)', 20);
    slide(dialog, 'Sexual, one-to-one (SX)', 100);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Results for this e-mail were already imported.');
    expect(finish).not.toHaveBeenCalled();
  });
});

describe('Import Results to Existing Client', () => {
  it('shows the selected client locked and imports the results for that client', async () => {
    const calls = serve(fetchMock, {
      ...projects(),
      [`POST /api/clients/${ROW.clientId}/result-imports`]: [json({ name: ROW.clientName, surname: ROW.clientSurname }, 201)],
    });
    const finish = renderExisting(ROW);
    const dialog = await screen.findByRole('dialog', { name: 'Import Results to Existing Client' });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement;
    expect(email.value).toBe(ROW.clientEmail);
    expect(email.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByText(IMPORT_TEXTS.instinctTie);
    slide(dialog, 'Self-preservation (SP)', 70);
    slide(dialog, 'Social (SO)', 30);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Other data' }), 'Typed in a 2023 workshop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      enneaRanking: [...DEFAULT_RANKING],
      instinctScores: { sp: 70, so: 30, sx: 50 },
      language: 'english',
      otherData: 'Typed in a 2023 workshop',
    });
    expect(finish.mock.calls[0]?.[0]?.title).toBe('Success');
  });

  it('refuses a received assessment’s client without a dialog', async () => {
    serve(fetchMock, projects());
    const finish = renderExisting({ ...ROW, receivedFromAnotherCoach: true });
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(finish.mock.calls[0]?.[0]?.title).toBe('Failed');
    render(<div>{finish.mock.calls[0]?.[0]?.body}</div>);
    await screen.findByText(RECEIVED_REFUSAL);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
