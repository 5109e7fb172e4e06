import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { describedBy } from '../../../../test/described-by.ts';
import { fieldProblem, json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { BENCE_ROW } from '../../../../test/fixtures.ts';
import { render } from '../../../../test/render.tsx';
import type { AssessmentRow } from '../../api/list-assessments.ts';
import { ADD_TEXTS } from '../shared/client-fields.tsx';
import { RECEIVED_REFUSAL } from '../shared/received-refusal.ts';
import AddForNewClientDialog from './add-for-new-client-dialog.tsx';
import AddToExistingClientDialog from './add-to-existing-client-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const projects = () => ({ 'GET /api/assessments/projects': [json({ items: ['Leadership Programme 2025'] })] });
const CREATED = { clientId: 'c1e00000-0000-4000-8000-000000000009', assessmentId: 'a55e55e0-0000-4000-8000-000000000009' };
const ROW = BENCE_ROW;

function renderNew(session = SESSION) {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(<AddForNewClientDialog view="own" session={session} ids={[]} rows={[]} finish={finish} clearSelection={vi.fn()} />);
  return finish;
}

describe('Add Assessment for New Client', () => {
  it('checks the client details and the assessment before sending, then sends the defaults', async () => {
    const calls = serve(fetchMock, { ...projects(), 'POST /api/clients': [json(CREATED, 201)] });
    const finish = renderNew();
    const dialog = await screen.findByRole('dialog', { name: 'Add Assessment for New Client' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    const [name, surname, email] = ([/^Name/, /^Surname/, /^E-mail/] as const).map((label) =>
      within(dialog).getByRole('textbox', { name: label }),
    ) as [HTMLElement, HTMLElement, HTMLElement];
    const assessment = within(dialog).getByRole('radiogroup', { name: 'Assessment' });
    await userEvent.click(add);
    // Each problem at its field in the spec's words, the first field focused; nothing as an alert away from them.
    await waitFor(() => expect(document.activeElement).toBe(name));
    for (const field of [name, surname, email]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(field)).toBe(ADD_TEXTS.clientDetails);
    }
    expect(assessment.getAttribute('aria-invalid')).toBe('true');
    expect(within(assessment).getByText(ADD_TEXTS.newClientAssessment)).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.type(name, 'Sipho');
    // An edited field's error goes; the others stay.
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(surname, 'Dlamini');
    await userEvent.type(email, 'sipho@');
    await userEvent.click(add);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(describedBy(email)).toBe(ADD_TEXTS.invalidEmail);
    expect(dialog.querySelectorAll('.field__error')).toHaveLength(2);
    await userEvent.type(email, 'umhlanga.co.za');
    await userEvent.click(add);
    // The assessment last: the focus on its first choice.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'Enneagram (1 credit)' })));
    expect(describedBy(within(dialog).getByRole('radio', { name: 'Enneagram (1 credit)' }))).toContain('Please select an Assessment');
    expect(dialog.querySelectorAll('.field__error')).toHaveLength(1);
    // The token type selector is an impersonator's only.
    expect(within(dialog).queryByRole('combobox', { name: 'Token type' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Combined (3 credits)' }));
    await within(dialog).findByText('Cost: 3 credits');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Maturity Report' }));
    await userEvent.click(add);
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sipho',
      surname: 'Dlamini',
      email: 'sipho@umhlanga.co.za',
      assessment: { assessmentType: 'full', language: 'english', reportsToAutoSend: ['imf'] },
    });
    expect(finish.mock.calls[0]?.[0]?.title).toBe('Success');
  });

  it('shows the BFF’s refusal of a client already added, and stays open', async () => {
    serve(fetchMock, {
      ...projects(),
      'POST /api/clients': [
        problem(409, 'client_exists', 'You have already added this client. Please add an assessment to the existing client.'),
      ],
    });
    const finish = renderNew({ ...SESSION, coach: { ...SESSION.coach, accreditationLevel: 1 } });
    const dialog = await screen.findByRole('dialog', { name: 'Add Assessment for New Client' });
    // Level 1: Maturity and Full disabled, Enneagram chosen.
    expect((within(dialog).getByRole('radio', { name: 'Maturity (2 credits)' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Combined (3 credits)' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Enneagram (1 credit)' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Thandi');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Mokoena');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'THANDI@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText('You have already added this client. Please add an assessment to the existing client.');
    expect(finish).not.toHaveBeenCalled();
  });

  it('tells an incomplete e-mail once, at the e-mail, in the spec’s words: never the browser’s own message', async () => {
    serve(fetchMock, projects());
    renderNew();
    const dialog = await screen.findByRole('dialog', { name: 'Add Assessment for New Client' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sipho');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Dlamini');
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement;
    await userEvent.type(email, 'foo@');
    await userEvent.tab();
    // Left by tab: nothing said before Add is pressed.
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enneagram (1 credit)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toBe(ADD_TEXTS.invalidEmail);
    expect([...dialog.querySelectorAll('.field__error')].map((error) => error.textContent)).toEqual([ADD_TEXTS.invalidEmail]);
  });

  it('shows the BFF’s refusal of a field at that field, not as the dialog’s alert', async () => {
    const refusal = 'Please provide a valid email address.';
    serve(fetchMock, {
      ...projects(),
      'POST /api/clients': [fieldProblem('validation_failed', 'email', refusal)],
    });
    const finish = renderNew();
    const dialog = await screen.findByRole('dialog', { name: 'Add Assessment for New Client' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sipho');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Dlamini');
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    await userEvent.type(email, 'sipho@umhlanga.co.za');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enneagram (1 credit)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toBe(refusal);
    expect(document.activeElement).toBe(email);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(finish).not.toHaveBeenCalled();
  });

  it('says to deselect first when pressed with a selection, and opens nothing', async () => {
    const calls = serve(fetchMock, projects());
    const finish = vi.fn<(message?: ActionMessage) => void>();
    render(<AddForNewClientDialog view="own" session={SESSION} ids={[ROW.id]} rows={[ROW]} finish={finish} clearSelection={vi.fn()} />);
    await waitFor(() => expect(finish).toHaveBeenCalled());
    const message = finish.mock.calls[0]?.[0];
    expect(message?.title).toBe('Please Note');
    const { container } = render(<div>{message?.body}</div>);
    expect(container.textContent).toBe('To add a new client, please deselect any currently selected assessment.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('offers the token type to an impersonator, paid by default', async () => {
    const calls = serve(fetchMock, { ...projects(), 'POST /api/clients': [json(CREATED, 201)] });
    renderNew({ ...SESSION, roles: { ...SESSION.roles, impersonator: true } });
    const dialog = await screen.findByRole('dialog', { name: 'Add Assessment for New Client' });
    expect((within(dialog).getByRole('combobox', { name: 'Token type' }) as HTMLSelectElement).value).toBe('paid');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Token type' }), 'probono');
    await within(dialog).findByRole('option', { name: 'Leadership Programme 2025' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Project' }), 'Leadership Programme 2025');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sipho');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Dlamini');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'sipho@umhlanga.co.za');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enneagram (1 credit)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      assessment: {
        assessmentType: 'ennea',
        language: 'english',
        tokenType: 'probono',
        project: 'Leadership Programme 2025',
        reportsToAutoSend: [],
      },
    });
  });

  it('sends one keyed create for a double-click on Add, busy while it is in flight, and ends with the success text', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = serve(fetchMock, {
      ...projects(),
      'POST /api/clients': [new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response],
    });
    const finish = renderNew();
    const dialog = await screen.findByRole('dialog', { name: 'Add Assessment for New Client' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sipho');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Dlamini');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'sipho@umhlanga.co.za');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enneagram (1 credit)' }));
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Add' }));
    const busy = await within(dialog).findByRole('button', { name: 'Adding...' });
    expect(busy.hasAttribute('data-pending')).toBe(true);
    await userEvent.keyboard('{Enter}');
    answer(json(CREATED, 201));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(finish.mock.calls[0]?.[0]?.title).toBe('Success');
    const posts = fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('Add Assessment to Existing Client', () => {
  it('shows the selected client locked, asks for an assessment and adds it to that client', async () => {
    const calls = serve(fetchMock, { ...projects(), [`POST /api/clients/${ROW.clientId}/assessments`]: [json(CREATED, 201)] });
    const finish = vi.fn<(message?: ActionMessage) => void>();
    render(<AddToExistingClientDialog view="own" session={SESSION} ids={[ROW.id]} rows={[ROW]} finish={finish} clearSelection={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Assessment to Existing Client' });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement;
    expect(email.value).toBe(ROW.clientEmail);
    expect(email.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    // At the assessment, the locked client's fields never marked.
    const group = within(dialog).getByRole('radiogroup', { name: 'Assessment' });
    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));
    expect(within(group).getByText(ADD_TEXTS.existingClientAssessment)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Maturity (2 credits)' }));
    expect(group.getAttribute('aria-invalid')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Assessment language' }), 'hungarian');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      assessmentType: 'EIT',
      language: 'hungarian',
      reportsToAutoSend: [],
    });
    const message = finish.mock.calls[0]?.[0];
    expect(message?.title).toBe('Success');
  });

  it("refuses a received assessment up front: the other coach's client is never shown or added to", async () => {
    const calls = serve(fetchMock, projects());
    const finish = vi.fn<(message?: ActionMessage) => void>();
    const received: AssessmentRow = {
      ...ROW,
      receivedFromAnotherCoach: true,
      fromCoach: { id: CREATED.clientId, name: 'Pieter', surname: 'Venter' },
    };
    render(
      <AddToExistingClientDialog
        view="own"
        session={SESSION}
        ids={[received.id]}
        rows={[received]}
        finish={finish}
        clearSelection={vi.fn()}
      />,
    );
    await waitFor(() => expect(finish).toHaveBeenCalledTimes(1));
    expect(finish.mock.calls[0]?.[0]).toMatchObject({ title: 'Failed' });
    render(<div data-testid="message">{finish.mock.calls[0]?.[0]?.body}</div>);
    expect(screen.getByTestId('message').textContent).toBe(RECEIVED_REFUSAL);
    expect(screen.queryByRole('dialog', { name: 'Add Assessment to Existing Client' })).toBeNull();
    expect(screen.queryByDisplayValue(ROW.clientEmail)).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
