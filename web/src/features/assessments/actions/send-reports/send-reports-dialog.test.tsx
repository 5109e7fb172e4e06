import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describedBy } from '../../../../test/described-by.ts';
import { json, problem, serve } from '../../../../test/fake-bff.ts';
import { expectOnlyProviderAddress, finalMessage, renderAction } from '../shared/action-test-support.tsx';
import { details, summaryOf } from '../shared/send-test-data.ts';
import SendReportsDialog, { NO_REPORTS } from './send-reports-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const COMPLETE = { completedAt: '2025-09-03T10:41:37Z' };
const ENNEA = details(1, 'Thandi Mokoena', {
  ...COMPLETE,
  availableReports: { pdf: ['enneaOverview', 'clientSummary', 'basic'], html: ['basic'], awaitingMarking: [] },
});
const UNMARKED_FULL = details(2, 'Bence Kovács', {
  ...COMPLETE,
  assessmentType: 'full',
  availableReports: { pdf: [], html: [], awaitingMarking: ['foundation', 'extended', 'imfCoG', 'imf'] },
});
const MARKED_IMF = details(3, 'Oliver Hughes', {
  ...COMPLETE,
  assessmentType: 'EIT',
  receivedFromAnotherCoach: true,
  availableReports: { pdf: ['imfCoG', 'imf'], html: ['imf'], awaitingMarking: [] },
});
const NOT_STARTED = details(4, 'Katarína Horváthová');

const renderSend = (selection: ReturnType<typeof details>[]) => renderAction(SendReportsDialog, { ids: selection.map((item) => item.id) });

const checkboxNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

describe('Send Reports', () => {
  it('offers the reports the selection has (those waiting for marking named), asks for one, and sends them once', async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([ENNEA, UNMARKED_FULL, MARKED_IMF]))],
      'POST /api/assessments/report-emails': [
        json({
          total: 3,
          succeeded: 2,
          failed: [
            {
              id: UNMARKED_FULL.id,
              name: 'Bence Kovács',
              code: 'report_not_available',
              message: 'Bence Kovács send failed with None of the selected reports is available for this assessment.',
            },
          ],
          notAttempted: 0,
          drafts: [],
        }),
      ],
    });
    const { finish } = renderSend([ENNEA, UNMARKED_FULL, MARKED_IMF]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Reports' });
    await within(dialog).findByRole('group', { name: 'Reports to send' });
    expect(checkboxNames(dialog)).toEqual([
      'Enneagram Coach Overview',
      'Enneagram Overview',
      'Enneagram Report',
      'Maturity Overview',
      'Maturity Report',
    ]);
    within(dialog).getByText('Waiting for marking: Combined Report, Combined+ Report.');
    expectOnlyProviderAddress(dialog);

    // spec §5: a report must be chosen first: said at the reports, the first focused.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const first = within(dialog).getByRole('checkbox', { name: 'Enneagram Coach Overview' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(first)).toBe('Please select a report');
    expect(calls.some((call) => call.path === '/api/assessments/report-emails')).toBe(false);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Maturity Report' }));
    expect(first.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Enneagram Report' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Please Note');
    within(body).getByText('2 of 3 report emails sent successfully.');
    within(body).getByText('Bence Kovács send failed with None of the selected reports is available for this assessment.');
    const sent = calls.filter((call) => call.path === '/api/assessments/report-emails');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ ids: [ENNEA.id, UNMARKED_FULL.id, MARKED_IMF.id], reports: ['basic', 'imf'], serverSend: true });
  });

  it("previews the chosen reports' e-mail, and shows a preview's failure as the BFF's text", async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([ENNEA]))],
      'POST /api/assessments/report-email-previews': [
        json({ emailAddress: 'thandi@example.com', subject: 'Your reports from Amara Botha', body: '<p>Your reports are ready:</p>' }),
        problem(400, 'preview_failed', 'Report generation failed'),
      ],
    });
    renderSend([ENNEA]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Reports' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Preview' }));
    await screen.findByText('Please select a report');
    expect(calls.some((call) => call.path === '/api/assessments/report-email-previews')).toBe(false);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Enneagram Overview' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /From your email address/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    await within(preview).findByText('Your reports from Amara Botha');
    within(preview).getByText('The email, as the reports will be sent:');
    within(preview).getByText('Your reports are ready:');
    expect(calls.find((call) => call.path === '/api/assessments/report-email-previews')?.body).toEqual({
      ids: [ENNEA.id],
      reports: ['clientSummary'],
      serverSend: false,
    });
    await userEvent.click(within(preview).getByRole('button', { name: 'Back' }));

    const again = await screen.findByRole('dialog', { name: 'Send Reports' });
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Enneagram Coach Overview' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Preview' }));
    const failed = await screen.findByRole('dialog', { name: 'Preview' });
    expect((await within(failed).findByRole('alert')).textContent).toBe('Report generation failed');
  });

  it('says so when the selection has no report yet, offering only Cancel', async () => {
    serve(fetchMock, { 'POST /api/assessments/selection-summaries': [json(summaryOf([NOT_STARTED]))] });
    const { finish } = renderSend([NOT_STARTED]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Reports' });
    await within(dialog).findByText(NO_REPORTS);
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(finish).toHaveBeenCalledWith();
  });

  it("ends with the BFF's refusal as a Failed alert", async () => {
    serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([ENNEA]))],
      'POST /api/assessments/report-emails': [problem(400, 'coach_email_required', 'Please enter email address')],
    });
    const { finish } = renderSend([ENNEA]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Reports' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Enneagram Report' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Failed');
    expect(body.textContent).toBe('Please enter email address');
  });
});
