import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { finalMessage, renderAction } from '../shared/action-test-support.tsx';
import { assessmentId } from '../shared/send-test-data.ts';
import BulkAddDialog, { BULK_ADD_TEXTS } from './bulk-add-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

/** The project list the dialog reads (listAssessmentProjects) and the uploads among the calls. */
const PROJECTS = () => ({ 'GET /api/assessments/projects': [json({ items: ['Graduates 2025', 'Leadership Programme 2025'] })] });
const uploads = (calls: readonly Call[]) => calls.filter((call) => call.path === '/api/clients/bulk-uploads');

const SHEET = new File(['PK-sheet'], 'clients.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Enneagram' }));
  await user.upload(screen.getByLabelText('Spreadsheet (.xlsx)'), SHEET);
}

/** Upload, then Proceed in the cost question (spec §9): the upload is sent only then. */
async function uploadConfirmed(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  const question = await screen.findByRole('alertdialog', { name: 'Please Note' });
  await user.click(within(question).getByRole('button', { name: 'Proceed' }));
}

async function clientsWorkbook(count: number): Promise<File> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clients');
  sheet.addRow(['name', 'surname', 'email', 'company']);
  for (let n = 1; n <= count; n += 1) sheet.addRow([`Name${n}`, `Surname${n}`, `client${n}@bulk.test`, 'Bulk Co']);
  return new File([await book.xlsx.writeBuffer()], 'clients.xlsx', { type: SHEET.type });
}

describe('Bulk Add Clients and Assessments', () => {
  it('asks to confirm the cost first: 50 clients with a Combined assessment are 150 credits; Cancel goes back to the form', async () => {
    const calls = serve(fetchMock, {
      ...PROJECTS(),
      'POST /api/clients/bulk-uploads': [json({ status: 'done', created: 50, message: '50 assessment(s) added.', brokenClients: [] })],
    });
    const user = userEvent.setup();
    const { finish } = renderAction(BulkAddDialog);
    await user.click(screen.getByRole('radio', { name: 'Combined' }));
    await user.upload(screen.getByLabelText('Spreadsheet (.xlsx)'), await clientsWorkbook(50));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const question = await screen.findByRole('alertdialog', { name: 'Please Note' });
    expect(question.textContent).toContain(
      'The spreadsheet lists 50 clients: 50 Combined assessments at 3 credits each, 150 credits in all.',
    );
    expect(question.textContent).toContain('Your balance: 42 credits.');
    expect(uploads(calls)).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Bulk Add Clients and Assessments' })).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();
    expect(uploads(calls)).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Enneagram' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const again = await screen.findByRole('alertdialog', { name: 'Please Note' });
    expect(again.textContent).toContain('50 Enneagram assessments at 1 credit each, 50 credits in all.');
    await user.click(within(again).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(uploads(calls)).toHaveLength(1);
  });

  it('says to deselect first when pressed with a selection, and opens nothing', async () => {
    const calls = serve(fetchMock, {});
    const { finish } = renderAction(BulkAddDialog, { ids: [assessmentId(1)] });
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Please Note');
    expect(body.textContent).toBe('To add a new client, please deselect any currently selected assessment.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('names the cost of one assessment when the spreadsheet cannot be read here', async () => {
    serve(fetchMock, PROJECTS());
    const user = userEvent.setup();
    renderAction(BulkAddDialog);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const question = await screen.findByRole('alertdialog', { name: 'Please Note' });
    expect(question.textContent).toContain('One Enneagram assessment for every client in the spreadsheet, at 1 credit each.');
  });

  it('lists each failed row on its own line with its reason, apart from the summary', async () => {
    serve(fetchMock, {
      ...PROJECTS(),
      'POST /api/clients/bulk-uploads': [
        json({
          status: 'done',
          created: 1,
          message: '1 assessment(s) added. 3 row(s) could not be added.',
          brokenClients: [
            { name: 'Pieter', surname: 'Nel', email: 'pieter@bulk', reason: '(invalid email)' },
            { name: '', surname: 'Dlamini', email: 'dlamini@bulk.test', reason: '(missing name)' },
            { name: '', surname: '', email: '', reason: '(missing name, surname and email)' },
          ],
        }),
      ],
    });
    const user = userEvent.setup();
    const { finish } = renderAction(BulkAddDialog);
    await fillIn(user);
    await uploadConfirmed(user);
    const { body } = await finalMessage(finish);
    expect(within(body).getByText('1 assessment(s) added. 3 row(s) could not be added.').tagName).toBe('P');
    expect(
      within(body)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pieter Nel, pieter@bulk (invalid email)',
      'Dlamini, dlamini@bulk.test (missing name)',
      '(missing name, surname and email)',
    ]);
  });

  it('links the template and asks for an assessment and a spreadsheet before any call', async () => {
    const calls = serve(fetchMock, PROJECTS());
    const user = userEvent.setup();
    renderAction(BulkAddDialog);
    expect(screen.getByRole('link', { name: 'Download the spreadsheet template' }).getAttribute('href')).toBe(
      '/coachportal/clients_template.xlsx',
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select an assessment and upload spreasheet');
    expect(BULK_ADD_TEXTS.required).toBe('Please select an assessment and upload spreasheet');
    expect(uploads(calls)).toEqual([]);
  });

  it('lists existing clients; Proceed repeats the upload confirmed and the result lists the broken rows', async () => {
    const calls = serve(fetchMock, {
      ...PROJECTS(),
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
    const { finish } = renderAction(BulkAddDialog);
    await fillIn(user);
    await uploadConfirmed(user);
    expect(await screen.findByText('Zuzana Horváthová, zuzana@tatrasoft.sk')).toBeTruthy();
    expect(String(uploads(calls)[0]?.body)).toContain('name="spreadsheet"; filename="clients.xlsx"');
    expect(String(uploads(calls)[0]?.body)).not.toContain('duplicatesConfirmed');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const { title, body } = await finalMessage(finish);
    expect(String(uploads(calls)[1]?.body)).toMatch(/name="duplicatesConfirmed"\r\n\r\ntrue/);
    expect(title).toBe('Please Note');
    expect(body.textContent).toContain('2 clients and assessments added.');
    expect(body.textContent).toContain('Petra Novotná, petra@tatrasoft (invalid email)');
  });

  it('Cancel in the duplicate dialog ends without a second upload', async () => {
    const calls = serve(fetchMock, {
      ...PROJECTS(),
      'POST /api/clients/bulk-uploads': [
        json({ status: 'needsConfirmation', duplicates: [{ name: 'A', surname: 'B', email: 'a@b.test' }] }),
      ],
    });
    const user = userEvent.setup();
    const { finish } = renderAction(BulkAddDialog);
    await fillIn(user);
    await uploadConfirmed(user);
    await screen.findByRole('alertdialog', { name: 'Existing clients' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(finish).toHaveBeenCalledWith();
    expect(uploads(calls)).toHaveLength(1);
  });

  it("shows the BFF's type refusal in the form, and a failed upload as Failed with its error", async () => {
    serve(fetchMock, {
      ...PROJECTS(),
      'POST /api/clients/bulk-uploads': [
        problem(400, 'spreadsheet_type_not_allowed', 'Please upload an Excel (.xlsx) spreadsheet.'),
        problem(400, 'upload_failed', 'The spreadsheet could not be read.'),
      ],
    });
    const user = userEvent.setup();
    const { finish } = renderAction(BulkAddDialog);
    await fillIn(user);
    await uploadConfirmed(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload an Excel (.xlsx) spreadsheet.');
    expect(finish).not.toHaveBeenCalled();
    await uploadConfirmed(user);
    const { title, body } = await finalMessage(finish);
    expect(title).toBe('Failed');
    expect(body.textContent).toBe('The spreadsheet could not be read.');
  });

  it("shows the BFF's refusal of what the workbook unpacks to in the form, where another file can be picked", async () => {
    const detail = 'The spreadsheet unpacks to at least 900 MB; it may unpack to at most 50 MB.';
    serve(fetchMock, {
      ...PROJECTS(),
      'POST /api/clients/bulk-uploads': [problem(400, 'spreadsheet_content_too_large', detail)],
    });
    const user = userEvent.setup();
    const { finish } = renderAction(BulkAddDialog);
    await fillIn(user);
    await uploadConfirmed(user);
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(finish).not.toHaveBeenCalled();
  });

  describe('the assessment options of Add Assessment for New Client (spec §3.1, §5 "Field limits", §7)', () => {
    /** The multipart part `name`'s values as the fake BFF received them. */
    const parts = (body: unknown, name: string) =>
      [...String(body).matchAll(new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`, 'g'))].map((match) => match[1]);

    it("sends an impersonator's token type, the project chosen from the list and the reports to send automatically", async () => {
      const calls = serve(fetchMock, {
        ...PROJECTS(),
        'POST /api/clients/bulk-uploads': [json({ status: 'done', created: 1, message: '1 assessment(s) added.', brokenClients: [] })],
      });
      const user = userEvent.setup();
      const { finish } = renderAction(BulkAddDialog, { session: { ...SESSION, roles: { ...SESSION.roles, impersonator: true } } });
      const dialog = screen.getByRole('dialog', { name: 'Bulk Add Clients and Assessments' });
      const tokenType = within(dialog).getByRole('combobox', { name: 'Token type' }) as HTMLSelectElement;
      expect(tokenType.value).toBe('paid');
      await user.selectOptions(tokenType, 'probono');
      const project = within(dialog).getByRole('combobox', { name: 'Project' });
      await within(project).findByRole('option', { name: 'Leadership Programme 2025' });
      await user.selectOptions(project, 'Leadership Programme 2025');
      await fillIn(user);
      // The reports on offer are the chosen assessment's (§4.5).
      const reports = within(within(dialog).getByRole('group', { name: 'Reports to send automatically on completion' }));
      expect(reports.getAllByRole('checkbox')).toHaveLength(3);
      await user.click(reports.getByRole('checkbox', { name: 'Enneagram Report' }));
      await user.click(reports.getByRole('checkbox', { name: 'Enneagram Coach Overview' }));
      await uploadConfirmed(user);
      await waitFor(() => expect(finish).toHaveBeenCalled());
      const upload = calls.find((call) => call.path === '/api/clients/bulk-uploads')?.body;
      expect(parts(upload, 'tokenType')).toEqual(['probono']);
      expect(parts(upload, 'project')).toEqual(['Leadership Programme 2025']);
      expect(parts(upload, 'reportsToAutoSend')).toEqual(['enneaOverview', 'basic']);
      expect(parts(upload, 'language')).toEqual(['english']);
    });

    it('shows a coach no token type and sends none, and no project or report unless chosen', async () => {
      const calls = serve(fetchMock, {
        ...PROJECTS(),
        'POST /api/clients/bulk-uploads': [json({ status: 'done', created: 1, message: '1 assessment(s) added.', brokenClients: [] })],
      });
      const user = userEvent.setup();
      const { finish } = renderAction(BulkAddDialog);
      const dialog = screen.getByRole('dialog', { name: 'Bulk Add Clients and Assessments' });
      expect(within(dialog).queryByRole('combobox', { name: 'Token type' })).toBeNull();
      expect(within(dialog).queryByRole('textbox', { name: 'Project' })).toBeNull();
      const project = within(dialog).getByRole('combobox', { name: 'Project' });
      await within(project).findByRole('option', { name: 'Graduates 2025' });
      expect(
        within(project)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No project', 'Graduates 2025', 'Leadership Programme 2025']);
      await fillIn(user);
      await uploadConfirmed(user);
      await waitFor(() => expect(finish).toHaveBeenCalled());
      const upload = calls.find((call) => call.path === '/api/clients/bulk-uploads')?.body;
      expect(parts(upload, 'tokenType')).toEqual([]);
      expect(parts(upload, 'project')).toEqual([]);
      expect(parts(upload, 'reportsToAutoSend')).toEqual([]);
    });
  });
});
