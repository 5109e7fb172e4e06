import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../../lib/session/session.ts';
import { describedBy } from '../../../../test/described-by.ts';
import { json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { expectOnlyProviderAddress, finalMessage, renderAction, toastTexts } from '../shared/action-test-support.tsx';
import { RECEIVED_REFUSAL } from '../shared/received-refusal.ts';
import { assessmentId, details, summaryOf } from '../shared/send-test-data.ts';
import { GO_ON_WITHOUT, receivedInSelection, SELECT_OWN } from './received-notice.tsx';
import SendInvitesDialog, { IMPERSONATOR_SERVER_SEND, NOTHING_TO_SEND } from './send-invites-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const THANDI = details(1, 'Thandi Mokoena');
const BENCE = details(2, 'Bence Kovács', { inviteState: 'invited' });
const OLIVER = details(3, 'Oliver Hughes', { inviteState: 'reminded' });
const RECEIVED = details(5, 'Zuzana Kováčová', {
  receivedFromAnotherCoach: true,
  permissions: { canEdit: false, canDelete: false, canWrap: false, canAssignSco: false, canInvite: true },
});
const DONE = details(4, 'Katarína Horváthová', {
  inviteState: 'invited',
  completedAt: '2025-09-03T10:41:37Z',
  permissions: { canEdit: true, canDelete: false, canWrap: true, canAssignSco: true, canInvite: false },
});

const renderSend = (selection: ReturnType<typeof details>[], session: Session = SESSION) =>
  renderAction(SendInvitesDialog, { session, ids: selection.map((item) => item.id) });

const idempotencyKeys = () =>
  fetchMock.mock.calls.map(([input]) => (input as Request).headers.get('Idempotency-Key')).filter((key) => key !== null);

describe('Send Invites/Reminders', () => {
  it('reviews who gets an invite, who a reminder and who is skipped, then sends once and shows the BFF result by name', async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI, BENCE, OLIVER, DONE]))],
      'POST /api/assessments/invites': [
        json({
          total: 3,
          succeeded: 2,
          failed: [
            { id: OLIVER.id, name: 'Oliver Hughes', code: 'send_failed', message: 'Oliver Hughes send failed with Mailbox unavailable' },
          ],
          notAttempted: 0,
          skippedCompleted: 1,
          reminders: 1,
          drafts: [],
        }),
      ],
    });
    const { finish } = renderSend([THANDI, BENCE, OLIVER, DONE]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    const review = await within(dialog).findByText('1 invite to send');
    expect(review.nextElementSibling?.textContent).toBe('Thandi Mokoena');
    expect(within(dialog).getByText('2 reminders to send (invited before)').nextElementSibling?.textContent).toBe(
      'Bence Kovács, Oliver Hughes',
    );
    expect(within(dialog).getByText('1 assessment skipped as complete').nextElementSibling?.textContent).toBe('Katarína Horváthová');
    // More than one selected: only the provider's address, with the spec's reason.
    expectOnlyProviderAddress(dialog);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(toastTexts()).toContain('Sending email...');
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Please Note');
    within(body).getByText('2 of 3 invite emails sent successfully.');
    within(body).getByText('Oliver Hughes send failed with Mailbox unavailable');
    const sent = calls.filter((call) => call.path === '/api/assessments/invites');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ ids: [THANDI.id, BENCE.id, OLIVER.id, DONE.id], serverSend: true });
    expect(idempotencyKeys()).toHaveLength(1);
  });

  it("ends with the spec's note when every selected assessment is complete, sending nothing", async () => {
    const calls = serve(fetchMock, { 'POST /api/assessments/selection-summaries': [json(summaryOf([DONE]))] });
    const { finish } = renderSend([DONE]);
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Please Note');
    expect(body.textContent).toBe(NOTHING_TO_SEND);
    expect(NOTHING_TO_SEND).toBe("There's nothing to be done - there are no invites to be sent.");
    expect(calls.map((call) => call.path)).toEqual(['/api/assessments/selection-summaries']);
  });

  it('previews one representative e-mail as HTML (through SafeHtml), then goes back to the dialog', async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI, BENCE]))],
      'POST /api/assessments/invite-previews': [
        json({
          emailAddress: 'thandi@example.com',
          subject: 'Your Enneagram assessment from Amara Botha',
          body: '<p>Dear Thandi,</p><p><a href="https://portal.test/t">this link</a></p>',
        }),
      ],
    });
    renderSend([THANDI, BENCE]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('1 invite to send');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(toastTexts()).toContain('Generating email...');
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    await within(preview).findByText('Your Enneagram assessment from Amara Botha');
    within(preview).getByText('One of the 2 emails, as the invite will be sent:');
    within(preview).getByText('thandi@example.com');
    within(preview).getByText('Dear Thandi,');
    expect(within(preview).getByRole('link', { name: 'this link' }).getAttribute('href')).toBe('https://portal.test/t');
    expect(calls.find((call) => call.path === '/api/assessments/invite-previews')?.body).toEqual({
      ids: [THANDI.id, BENCE.id],
      serverSend: true,
    });
    await userEvent.click(within(preview).getByRole('button', { name: 'Back' }));
    await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
  });

  it("shows a preview's failure as the BFF's text", async () => {
    serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI]))],
      'POST /api/assessments/invite-previews': [problem(400, 'preview_failed', 'Template not found')],
    });
    renderSend([THANDI]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('1 invite to send');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    expect((await within(preview).findByRole('alert')).textContent).toBe('Template not found');
  });

  it("prepares one assessment's invite for the coach's own e-mail client and offers it as a mailto link", async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI]))],
      'POST /api/assessments/invites': [
        json({
          total: 1,
          succeeded: 1,
          failed: [],
          notAttempted: 0,
          skippedCompleted: 0,
          reminders: 0,
          drafts: [
            {
              id: THANDI.id,
              name: 'Thandi Mokoena',
              emailAddress: 'thandi@example.com',
              subject: 'Your assessment',
              body: 'Dear Thandi,\nPlease start.',
            },
          ],
        }),
      ],
    });
    const { finish } = renderSend([THANDI]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('1 invite to send');
    expect(within(dialog).queryByText(/more than one assessment has been selected/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: /From your email address/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Success');
    within(body).getByText('1 of 1 invite emails sent successfully.');
    expect(within(body).getByRole('link', { name: 'Open the email to Thandi Mokoena in your email client' }).getAttribute('href')).toBe(
      'mailto:thandi@example.com?subject=Your%20assessment&body=Dear%20Thandi%2C%0APlease%20start.',
    );
    expect(calls.find((call) => call.path === '/api/assessments/invites')?.body).toEqual({ ids: [THANDI.id], serverSend: false });
  });

  it('says how many of a select-all of 2,266 are received and whose, then goes on without them, sending to the own ones only', async () => {
    // Every "Not invited yet" record selected: 2,265 of the coach's own and one received from another coach.
    const own = Array.from({ length: 2265 }, (_, n) => details(100 + n, `Client${n} Person${n}`));
    const selection = [...own.slice(0, 1000), RECEIVED, ...own.slice(1000)];
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf(selection)), json(summaryOf(own))],
      'GET /api/assessments/ids': [json({ ids: [RECEIVED.id, assessmentId(99)], total: 20006, filteredTotal: 2 })],
      'POST /api/assessments/invites': [
        json({ total: 2265, succeeded: 2265, failed: [], notAttempted: 0, skippedCompleted: 0, reminders: 0, drafts: [] }),
      ],
    });
    const { finish } = renderSend(selection);
    // The review's dialog loads, then the notice takes its place.
    const notice = await screen.findByText(receivedInSelection(1, 2266));
    const dialog = screen.getByRole('dialog', { name: 'Send Invites/Reminders' });
    expect(dialog.contains(notice)).toBe(true);
    expect(receivedInSelection(1, 2266)).toBe(
      '1 assessment of the 2,266 selected was given to you by another coach. Only the coach who gave it can invite its client.',
    );
    expect(within(dialog).getByText('1 received assessment').nextElementSibling?.textContent).toBe('Zuzana Kováčová');
    await within(dialog).findByText('2,265 assessments are your own: the invites and reminders go to them only.');
    expect(finish).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: GO_ON_WITHOUT }));
    await screen.findByText('2,265 invites to send');
    const review = screen.getByRole('dialog', { name: 'Send Invites/Reminders' });
    await userEvent.click(within(review).getByRole('button', { name: 'Send' }));
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Success');
    within(body).getByText('2265 of 2265 invite emails sent successfully.');
    const summaries = calls.filter((call) => call.path === '/api/assessments/selection-summaries');
    expect((summaries[1]?.body as { ids: string[] } | undefined)?.ids).toEqual(own.map((item) => item.id));
    expect(calls.find((call) => call.path === '/api/assessments/invites')?.body).toEqual({
      ids: own.map((item) => item.id),
      serverSend: true,
    });
  });

  it("offers to select only the coach's own assessments in the table, then reviews them", async () => {
    serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI, RECEIVED])), json(summaryOf([THANDI]))],
      'GET /api/assessments/ids': [json({ ids: [RECEIVED.id], total: 20006, filteredTotal: 1 })],
    });
    const select = vi.fn();
    const { finish } = renderAction(SendInvitesDialog, { session: SESSION, ids: [THANDI.id, RECEIVED.id], select });
    await screen.findByText('1 assessment is your own: the invites and reminders go to them only.');
    const dialog = screen.getByRole('dialog', { name: 'Send Invites/Reminders' });
    await userEvent.click(within(dialog).getByRole('button', { name: SELECT_OWN }));
    expect(select).toHaveBeenCalledWith([THANDI.id]);
    await screen.findByText('1 invite to send');
    expect(finish).not.toHaveBeenCalled();
  });

  it("refuses a selection of received assessments only with the spec's text, before offering to send", async () => {
    const calls = serve(fetchMock, { 'POST /api/assessments/selection-summaries': [json(summaryOf([RECEIVED]))] });
    const { finish } = renderSend([RECEIVED]);
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Failed');
    expect(body.textContent).toBe(RECEIVED_REFUSAL);
    expect(screen.queryByRole('dialog', { name: 'Send Invites/Reminders' })).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/assessments/selection-summaries']);
  });

  it("names the count it sends to when the table's filter no longer shows most of the selection", async () => {
    serve(fetchMock, { 'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI, BENCE]))] });
    renderAction(SendInvitesDialog, { session: SESSION, ids: [THANDI.id, BENCE.id], outsideFilter: 1 });
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('1 invite to send');
    expect(dialog.querySelector('.selection-scope-note')?.textContent).toBe(
      "Sends to all 2 selected assessments, 1 of them not shown by the table's filter.",
    );
  });

  it("prepares an impersonator's invites as drafts to the typed coach address, never sent by the provider's server", async () => {
    const impersonator: Session = { ...SESSION, roles: { ...SESSION.roles, impersonator: true } };
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI]))],
      'POST /api/assessments/invites': [problem(502, 'upstream_error', 'There was an unexpected error')],
    });
    const { finish } = renderSend([THANDI], impersonator);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('1 invite to send');
    expect(within(dialog).getByRole('radio', { name: "From the provider's email address" }).hasAttribute('disabled')).toBe(true);
    expect((within(dialog).getByRole('radio', { name: /From your email address/ }) as HTMLInputElement).checked).toBe(true);
    within(dialog).getByText(IMPERSONATOR_SERVER_SEND);
    const address = within(dialog).getByLabelText('Coach email address');
    expect((address as HTMLInputElement).value).toBe(SESSION.coach.email);
    await userEvent.clear(address);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    // Said at the address, which takes the focus; gone once it is typed in.
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(address)).toContain('Please enter email address');
    expect(calls.some((call) => call.path === '/api/assessments/invites')).toBe(false);

    await userEvent.type(address, 'coach@example.test');
    expect(address.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Failed');
    expect(body.textContent).toBe('There was an unexpected error');
    expect(calls.find((call) => call.path === '/api/assessments/invites')?.body).toEqual({
      ids: [THANDI.id],
      serverSend: false,
      coachEmailAddress: 'coach@example.test',
    });
  });

  it('offers an impersonator with more than one assessment selected no way to send, saying why', async () => {
    const impersonator: Session = { ...SESSION, roles: { ...SESSION.roles, impersonator: true } };
    const calls = serve(fetchMock, { 'POST /api/assessments/selection-summaries': [json(summaryOf([THANDI, BENCE]))] });
    renderSend([THANDI, BENCE], impersonator);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('1 invite to send');
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio.hasAttribute('disabled'), radio.id).toBe(true);
    within(dialog).getByText(
      `${IMPERSONATOR_SERVER_SEND} Can't send from your email address because more than one assessment has been selected.`,
    );
    expect(within(dialog).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(calls.some((call) => call.path === '/api/assessments/invites')).toBe(false);
  });
});

describe('the Idempotency-Key of a send', () => {
  const sentOnce = json({ total: 1, succeeded: 1, failed: [], notAttempted: 0, skippedCompleted: 0, reminders: 1, drafts: [] });
  const failedCall = problem(502, 'upstream_error', 'There was an unexpected error');

  /** Opens Send Invites/Reminders on Bence, chooses how to send, presses Send and waits for the action's end. */
  async function sendToBence(from: 'server' | 'own') {
    const { finish, unmount } = renderSend([BENCE]);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('1 reminder to send (invited before)');
    if (from === 'own') await userEvent.click(within(dialog).getByRole('radio', { name: /From your email address/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    unmount();
  }

  it('stays the same when Send is pressed again after an error, and is new once the choices changed or the send was answered', async () => {
    serve(fetchMock, {
      'POST /api/assessments/selection-summaries': Array.from({ length: 5 }, () => json(summaryOf([BENCE]))),
      'POST /api/assessments/invites': [failedCall, failedCall, failedCall, sentOnce, sentOnce],
    });
    // The error ends the dialog: the coach opens the action again on the same selection and presses Send.
    await sendToBence('server');
    await sendToBence('server');
    await sendToBence('own');
    await sendToBence('own');
    await sendToBence('own');
    const [first, again, otherChoice, otherAgain, afterAnswer] = idempotencyKeys();
    expect(again).toBe(first);
    expect(otherChoice).not.toBe(first);
    expect(otherAgain).toBe(otherChoice);
    expect(afterAnswer).not.toBe(otherChoice);
    expect(new Set([first, otherChoice, afterAnswer]).size).toBe(3);
  });
});
