import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import BulkAddDialog, { BULK_ADD_TEXTS } from './bulk-add-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const SHEET = new File(['PK-sheet'], 'clients.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

function renderAction() {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(<BulkAddDialog view="own" session={SESSION} ids={[]} rows={[]} finish={finish} clearSelection={vi.fn()} />);
  return finish;
}

async function finalMessage(finish: ReturnType<typeof renderAction>) {
  await waitFor(() => expect(finish).toHaveBeenCalled());
  const message = finish.mock.calls[0]?.[0];
  if (!message) throw new Error('finished without a message');
  render(<div data-testid="message">{message.body}</div>);
  return { title: message.title, body: screen.getByTestId('message') };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Enneagram' }));
  await user.upload(screen.getByLabelText('Spreadsheet (.xlsx)'), SHEET);
}

describe('Bulk Add Clients and Assessments', () => {
  it('links the template and asks for an assessment and a spreadsheet before any call', async () => {
    const calls = serve(fetchMock, {});
    const user = userEvent.setup();
    renderAction();
    expect(screen.getByRole('link', { name: 'Download the spreadsheet template' }).getAttribute('href')).toBe(
      '/coachportal/clients_template.xlsx',
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select an assessment and upload spreasheet');
    expect(BULK_ADD_TEXTS.required).toBe('Please select an assessment and upload spreasheet');
    expect(calls).toEqual([]);
  });

  it('lists existing clients; Proceed repeats the upload confirmed and the result lists the broken rows', async () => {
    const calls = serve(fetchMock, {
      'POST /api/clients/bulk-uploads': [
        json({ status: 'needsConfirmation', duplicates: [{ name: 'Zuzana', surname: 'Horváthová', email: 'zuzana@tatrasoft.sk' }] }),
        json({
          status: 'done',
          created: 2,
          message: '2 clients and assessments added.',
          brokenClients: [{ name: 'Petra', surname: 'Novotná', email: 'petra@tatrasoft', reason: '(invalid email)' }],
        }),
      ],
    });
    const user = userEvent.setup();
    const finish = renderAction();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Zuzana Horváthová, zuzana@tatrasoft.sk')).toBeTruthy();
    expect(String(calls[0]?.body)).toContain('name="spreadsheet"; filename="clients.xlsx"');
    expect(String(calls[0]?.body)).not.toContain('duplicatesConfirmed');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const { title, body } = await finalMessage(finish);
    expect(String(calls[1]?.body)).toMatch(/name="duplicatesConfirmed"\r\n\r\ntrue/);
    expect(title).toBe('Please Note');
    expect(body.textContent).toContain('2 clients and assessments added.');
    expect(body.textContent).toContain('Petra Novotná, petra@tatrasoft (invalid email)');
  });

  it('Cancel in the duplicate dialog ends without a second upload', async () => {
    const calls = serve(fetchMock, {
      'POST /api/clients/bulk-uploads': [
        json({ status: 'needsConfirmation', duplicates: [{ name: 'A', surname: 'B', email: 'a@b.test' }] }),
      ],
    });
    const user = userEvent.setup();
    const finish = renderAction();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(finish).toHaveBeenCalledWith();
    expect(calls).toHaveLength(1);
  });

  it("shows the BFF's type refusal in the form, and a failed upload as Failed with its error", async () => {
    serve(fetchMock, {
      'POST /api/clients/bulk-uploads': [
        problem(400, 'spreadsheet_type_not_allowed', 'Please upload an Excel (.xlsx) spreadsheet.'),
        problem(400, 'upload_failed', 'The spreadsheet could not be read.'),
      ],
    });
    const user = userEvent.setup();
    const finish = renderAction();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload an Excel (.xlsx) spreadsheet.');
    expect(finish).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Failed');
    expect(body.textContent).toBe('The spreadsheet could not be read.');
  });
});
