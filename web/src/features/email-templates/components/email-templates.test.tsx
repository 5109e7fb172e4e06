import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { fieldProblem, json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { EMAIL_TEMPLATES_TEXT, EmailTemplates } from './email-templates.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const INVITE_PLACEHOLDERS = ['guestemail', 'guestname', 'guestsurname', 'coachname', 'coachsurname', 'coachemail', 'assessmentlink'];
const template = (fields: Record<string, unknown> = {}) => ({
  name: 'ennea_invite',
  isCustomised: false,
  text: 'Dear {guestname},\nYour link: {assessmentlink}',
  placeholders: INVITE_PLACEHOLDERS,
  ...fields,
});
const PATH = '/api/email-templates/ennea_invite';

function renderScreen() {
  render(
    <>
      <EmailTemplates />
      <Toaster />
    </>,
  );
}
const textArea = () => screen.findByLabelText('Template text') as Promise<HTMLTextAreaElement>;
const updateButton = () => screen.getByRole('button', { name: EMAIL_TEMPLATES_TEXT.update });
const revertButton = () => screen.getByRole('button', { name: EMAIL_TEMPLATES_TEXT.revert });

/** Opens the screen at the address that names Send reports; the BFF answers it and then the Enneagram invite. */
function openSendReports() {
  window.history.replaceState(null, '', '/email-templates?template=send_reports');
  serve(fetchMock, {
    'GET /api/email-templates/send_reports': [json(template({ name: 'send_reports', text: 'Reports: {reportlinks}' }))],
    [`GET ${PATH}`]: [json(template())],
  });
  const user = userEvent.setup();
  renderScreen();
  return user;
}

beforeEach(() => window.history.replaceState(null, '', '/email-templates'));
afterEach(() => fetchMock.mockReset());

describe('Email Templates screen (spec coach-shell §2.5, §4, §8)', () => {
  it('offers a Retry when the template cannot be read, and shows it when it answers', async () => {
    serve(fetchMock, { [`GET ${PATH}`]: [problem(503, 'upstream_unavailable', 'The service is unavailable.'), json(template())] });
    renderScreen();
    // Loading: the editor's and the placeholders' cards in skeletons, busy and read as 'Loading...'.
    const loading = screen.getByText('Loading...').closest('[aria-busy="true"]');
    expect(loading?.querySelectorAll('.card')).toHaveLength(2);
    await screen.findByRole('alert');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await textArea()).value).toBe('Dear {guestname},\nYour link: {assessmentlink}');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the default text; Update only once the text differs, Revert never for a default', async () => {
    serve(fetchMock, { [`GET ${PATH}`]: [json(template())] });
    const user = userEvent.setup();
    renderScreen();
    const field = await textArea();
    expect(field.value).toBe('Dear {guestname},\nYour link: {assessmentlink}');
    expect(screen.getByText('Default text')).toBeTruthy();
    expect(updateButton().hasAttribute('disabled')).toBe(true);
    expect(revertButton().hasAttribute('disabled')).toBe(true);
    await user.type(field, '!');
    expect(updateButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // Typing it back to the saved text disables Update again.
    await user.type(field, '{Backspace}');
    expect(updateButton().hasAttribute('disabled')).toBe(true);
  });

  it('saves the changed text, toasts Successful and then offers Revert', async () => {
    const calls = serve(fetchMock, {
      [`GET ${PATH}`]: [json(template())],
      [`PUT ${PATH}`]: [json(template({ isCustomised: true, text: 'Dear {guestname},\nYour link: {assessmentlink}\nThanks' }))],
    });
    const user = userEvent.setup();
    renderScreen();
    await user.type(await textArea(), '\nThanks');
    await user.click(updateButton());
    expect(await screen.findByText(EMAIL_TEMPLATES_TEXT.updated)).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: PATH,
      body: { text: 'Dear {guestname},\nYour link: {assessmentlink}\nThanks' },
      csrf: '1',
    });
    await waitFor(() => expect(revertButton().hasAttribute('disabled')).toBe(false));
    expect(updateButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Customised')).toBeTruthy();
  });

  it('toasts Error, Unsuccessful when the save fails, keeping the text', async () => {
    serve(fetchMock, {
      [`GET ${PATH}`]: [json(template())],
      [`PUT ${PATH}`]: [problem(502, 'template_update_failed', EMAIL_TEMPLATES_TEXT.failed)],
    });
    const user = userEvent.setup();
    renderScreen();
    await user.type(await textArea(), ' more');
    await user.click(updateButton());
    expect(await screen.findByText(EMAIL_TEMPLATES_TEXT.failed)).toBeTruthy();
    expect((await textArea()).value.endsWith(' more')).toBe(true);
  });

  it('shows the BFF’s sentence under the text when it refuses characters of it, until the text changes', async () => {
    const detail = 'The template text contains characters that are not allowed.';
    serve(fetchMock, {
      [`GET ${PATH}`]: [json(template())],
      [`PUT ${PATH}`]: [fieldProblem('validation_failed', 'text', detail)],
    });
    const user = userEvent.setup();
    renderScreen();
    await user.type(await textArea(), ' more');
    await user.click(updateButton());
    expect(await screen.findByText(detail)).toBeTruthy();
    expect((await textArea()).getAttribute('aria-invalid')).toBe('true');
    await user.type(await textArea(), '!');
    await waitFor(() => expect(screen.queryByText(detail)).toBeNull());
  });

  it('reverts a customised template after the confirmation, with the spec’s texts', async () => {
    const calls = serve(fetchMock, {
      [`GET ${PATH}`]: [json(template({ isCustomised: true, text: 'Mine' }))],
      [`DELETE ${PATH}`]: [json(template())],
    });
    const user = userEvent.setup();
    renderScreen();
    expect((await textArea()).value).toBe('Mine');
    await user.click(revertButton());
    const dialog = screen.getByRole('alertdialog', { name: 'Warning' });
    expect(dialog.textContent).toContain(EMAIL_TEMPLATES_TEXT.confirmRevert);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(revertButton());
    await user.click(within(screen.getByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText(EMAIL_TEMPLATES_TEXT.reverted)).toBeTruthy();
    await waitFor(async () => expect((await textArea()).value).toBe('Dear {guestname},\nYour link: {assessmentlink}'));
  });

  it('inserts a placeholder at the caret', async () => {
    serve(fetchMock, { [`GET ${PATH}`]: [json(template({ text: 'Hello , bye' }))] });
    const user = userEvent.setup();
    renderScreen();
    const field = await textArea();
    field.setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: '{guestsurname}' }));
    expect(field.value).toBe('Hello {guestsurname}, bye');
  });

  it('opens the template the URL names, and another one at once while nothing is changed', async () => {
    const user = openSendReports();
    expect((await textArea()).value).toBe('Reports: {reportlinks}');
    await user.selectOptions(screen.getByLabelText('Template'), 'ennea_invite');
    await waitFor(async () => expect((await textArea()).value).toBe('Dear {guestname},\nYour link: {assessmentlink}'));
    expect(window.location.search).toBe('?template=ennea_invite');
    expect(screen.queryByRole('alertdialog', { name: EMAIL_TEMPLATES_TEXT.unsavedTitle })).toBeNull();
  });

  it('asks before another template replaces unsaved changes: Keep editing keeps them, Discard drops them', async () => {
    const user = openSendReports();
    await user.type(await textArea(), ' soon');
    const picker = screen.getByLabelText('Template') as HTMLSelectElement;

    await user.selectOptions(picker, 'ennea_invite');
    const question = await screen.findByRole('alertdialog', { name: EMAIL_TEMPLATES_TEXT.unsavedTitle });
    expect(question.textContent).toContain(
      EMAIL_TEMPLATES_TEXT.confirmDiscard('Send reports (send_reports)', 'Enneagram invite (ennea_invite)'),
    );
    await user.click(within(question).getByRole('button', { name: EMAIL_TEMPLATES_TEXT.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: EMAIL_TEMPLATES_TEXT.unsavedTitle })).toBeNull());
    expect((await textArea()).value).toBe('Reports: {reportlinks} soon');
    expect(picker.value).toBe('send_reports');
    expect(window.location.search).toBe('?template=send_reports');

    await user.selectOptions(picker, 'ennea_invite');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: EMAIL_TEMPLATES_TEXT.unsavedTitle })).getByRole('button', {
        name: EMAIL_TEMPLATES_TEXT.discard,
      }),
    );
    await waitFor(async () => expect((await textArea()).value).toBe('Dear {guestname},\nYour link: {assessmentlink}'));
    expect(window.location.search).toBe('?template=ennea_invite');
    // The discarded text is gone: the template opens with its saved text again.
    await user.selectOptions(picker, 'send_reports');
    await waitFor(async () => expect((await textArea()).value).toBe('Reports: {reportlinks}'));
  });
});
