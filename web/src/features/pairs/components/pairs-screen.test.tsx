import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster, toasts } from '../../../components/ui/toast.tsx';
import { signedInAtom } from '../../../lib/session/session.ts';
import { json, problem, SESSION, serveLists } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';
import type { PairRow } from '../api/list-pairs.ts';
import { PairsScreen } from './pairs-screen.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const id = (n: number) => `c0091e00-0000-4000-8000-${String(n).padStart(12, '0')}`;
const NOT_SUPPLIED_TEXT =
  'Some selected reports have not yet been provided. Please deselect them before proceeding. You can only send reports that are available.';

function pair(n: number, info: string, extra: Partial<PairRow> = {}): PairRow {
  const [first = '', second = ''] = info.split(' & ');
  const member = (name: string, m: number) => ({
    assessmentId: `a55e55e0-0000-4000-8000-${String(2 * n + m).padStart(12, '0')}`,
    clientName: name.split(' ')[0] ?? name,
    clientSurname: name.split(' ').slice(1).join(' '),
    clientEmail: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  });
  return {
    id: id(n),
    info,
    coupleType: 'Romance',
    members: [
      { ...member(first, 0), ennea: { type: 2, trifix: '269', instinct: 'SO' }, maturity: { stage: 5, code: 'IN', name: 'Internalising' } },
      member(second, 1),
    ],
    reportAvailable: true,
    reportSuppliedAt: '2025-09-15T11:30:00Z',
    reportSent: false,
    company: 'Cape Winelands Estates',
    project: 'Couples Retreat 2025',
    updatedAt: `2025-09-1${n}T11:30:00Z`,
    ...extra,
  };
}

const SUPPLIED = pair(1, 'Naledi Khumalo & Johan Merwe');
const WAITING = pair(2, 'Eszter Toth & Martin Kovac', {
  coupleType: 'Workplace',
  reportAvailable: false,
  reportSuppliedAt: undefined,
  company: 'Danube Analytics',
});
const SENT = pair(3, 'Thandi Mokoena & Bence Kovacs', { reportSent: true });

/** A fake BFF: the list of `rows` and queued answers by "METHOD path". */
function fakeBff(rows: PairRow[], answers: Record<string, Response[]> = {}) {
  const list = () => ({ items: rows, total: rows.length, filteredTotal: rows.length, page: 1, pageSize: 50 });
  return serveLists(fetchMock, { '/api/pairs': list }, answers);
}

function renderScreen(path = '/pairs') {
  const memory = memoryLocation({ path, record: true });
  const store = createStore();
  store.set(signedInAtom, SESSION);
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <PairsScreen />
      <Toaster />
    </Router>,
    { store },
  );
  return { url: () => memory.history?.at(-1) ?? '' };
}

const rowOf = (info: string) => screen.getByText(info).closest('[role="row"]') as HTMLElement;
const select = async (user: ReturnType<typeof userEvent.setup>, info: string) => {
  await screen.findByText(info);
  await user.click(within(rowOf(info)).getByRole('checkbox'));
};
const alertText = async (title: string) => {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  return dialog.textContent ?? '';
};

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  fetchMock.mockReset();
  for (const toast of toasts.visibleToasts) toasts.close(toast.key);
});

describe('Pairs page table (spec §3.10, §4.10)', () => {
  it('shows the columns of §3.10, the HTML and PDF links of a supplied report and Not available yet otherwise', async () => {
    fakeBff([SUPPLIED, WAITING, SENT]);
    renderScreen();
    await screen.findByText(SUPPLIED.info);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↕▲▼]/g, '').trim());
    expect(headers).toEqual([
      '',
      'Info',
      'Type',
      'Report',
      'Sent',
      'Company',
      'Project',
      'Enneagram Results',
      'Maturity Results',
      'Updated',
    ]);
    const supplied = rowOf(SUPPLIED.info);
    const html = within(supplied).getByRole('link', { name: `Pair report of ${SUPPLIED.info} as HTML, opens in a new tab` });
    expect(html.getAttribute('href')).toBe(`/api/pairs/${SUPPLIED.id}/report?format=html`);
    expect(within(supplied).getByRole('button', { name: `Download the pair report of ${SUPPLIED.info} as PDF` })).toBeTruthy();
    expect(supplied.textContent).toContain('Couples');
    expect(supplied.textContent).toContain('Naledi: Type 2 · 269 · SO');
    expect(supplied.textContent).toContain('Naledi: 5 IN · Internalising');
    expect(supplied.textContent).toContain('Johan: -');
    expect(supplied.textContent).toContain('2025-09-11');
    const waiting = rowOf(WAITING.info);
    expect(within(waiting).getByText('Not available yet')).toBeTruthy();
    expect(within(waiting).queryByRole('link')).toBeNull();
    expect(waiting.textContent).toContain('Colleagues');
    expect(within(rowOf(SENT.info)).getByText('Yes')).toBeTruthy();
  });

  it('shows Info, Type and Report at phone width', async () => {
    setViewportWidth(375);
    fakeBff([SUPPLIED]);
    renderScreen();
    await screen.findByText(SUPPLIED.info);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↕▲▼]/g, '').trim())).toEqual([
      '',
      'Info',
      'Type',
      'Report',
    ]);
  });

  it('keeps search, sort and page in the address and asks the BFF for them', async () => {
    const seen = fakeBff([SUPPLIED]);
    renderScreen('/pairs?q=Khumalo&sort=info&order=asc');
    await screen.findByText(SUPPLIED.info);
    const list = seen.find((call) => call.path === '/api/pairs');
    expect(list?.query.get('q')).toBe('Khumalo');
    expect(list?.query.get('sort')).toBe('info');
    expect(list?.query.get('order')).toBe('asc');
  });

  it("says 'Download failed' when the PDF cannot be had", async () => {
    const user = userEvent.setup();
    fakeBff([SUPPLIED], { [`GET /api/pairs/${SUPPLIED.id}/report`]: [problem(400, 'download_failed', 'Download failed')] });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: `Download the pair report of ${SUPPLIED.info} as PDF` }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
  });
});

describe('Send Reports (spec §5, §8)', () => {
  it('refuses a selection with a report not yet supplied with the spec text, asking the BFF nothing', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([SUPPLIED, WAITING]);
    renderScreen();
    await select(user, SUPPLIED.info);
    await select(user, WAITING.info);
    await user.click(screen.getByRole('button', { name: 'Send Reports' }));
    expect(await alertText('Please Note')).toContain(NOT_SUPPLIED_TEXT);
    expect(seen.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends after the Confirmation with one Idempotency-Key, and shows the failures by name with the answer', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([SUPPLIED, SENT], {
      'POST /api/pairs/report-emails': [
        json({
          total: 2,
          succeeded: 1,
          notAttempted: 0,
          drafts: [],
          failed: [
            {
              id: SENT.id,
              name: SENT.info,
              code: 'send_failed',
              message: `${SENT.info} send failed with Mailbox unavailable`,
            },
          ],
        }),
      ],
    });
    renderScreen();
    await select(user, SUPPLIED.info);
    await select(user, SENT.info);
    await user.click(screen.getByRole('button', { name: 'Send Reports' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Couples Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Confirmation' });
    expect(confirmation.textContent).toContain('Send the reports of the 2 selected pairs?');
    await user.click(within(confirmation).getByRole('button', { name: 'Send' }));
    const text = await alertText('Please Note');
    expect(text).toContain('1 of 2 report emails sent successfully.');
    expect(text).toContain(`${SENT.info} send failed with Mailbox unavailable`);
    const sends = seen.filter((call) => call.path === '/api/pairs/report-emails');
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body).toEqual({ ids: [SUPPLIED.id, SENT.id], serverSend: true });
    expect(sends[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refused send as a Failed alert with the BFF text', async () => {
    const user = userEvent.setup();
    fakeBff([SUPPLIED], { 'POST /api/pairs/report-emails': [problem(400, 'reports_not_supplied', NOT_SUPPLIED_TEXT)] });
    renderScreen();
    await select(user, SUPPLIED.info);
    await user.click(screen.getByRole('button', { name: 'Send Reports' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send Couples Report' })).getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirmation' })).getByRole('button', { name: 'Send' }));
    expect(await alertText('Failed')).toContain(NOT_SUPPLIED_TEXT);
  });

  it('previews the e-mail and lists the pairs whose preview failed in a Failed modal', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([SUPPLIED, SENT], {
      'POST /api/pairs/report-email-previews': [
        json({
          preview: { emailAddress: 'naledi@example.com', subject: 'Your pair report', body: '<p>Dear Naledi and Johan</p>' },
          failed: [{ id: SENT.id, name: SENT.info, code: 'preview_failed', message: 'Template missing' }],
        }),
      ],
    });
    renderScreen();
    await select(user, SUPPLIED.info);
    await select(user, SENT.info);
    await user.click(screen.getByRole('button', { name: 'Send Reports' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send Couples Report' })).getByRole('button', { name: 'Preview' }));
    expect(await alertText('Failed')).toContain(`${SENT.info}: Template missing`);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    expect(preview.textContent).toContain('Your pair report');
    expect(preview.textContent).toContain('Dear Naledi and Johan');
    expect(seen.find((call) => call.path === '/api/pairs/report-email-previews')?.body).toEqual({
      ids: [SUPPLIED.id, SENT.id],
      serverSend: true,
    });
  });
});

describe('Delete (spec §7, §8)', () => {
  it('asks first, then says "{n} of {m} removed." from the BFF result, the refused pair by name', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([SUPPLIED, WAITING], {
      'POST /api/pairs/deletions': [
        json({
          total: 2,
          succeeded: 1,
          notAttempted: 0,
          failed: [
            { id: SUPPLIED.id, name: SUPPLIED.info, code: 'delete_failed', message: 'The report has been supplied - cannot delete.' },
          ],
        }),
      ],
    });
    renderScreen();
    await select(user, SUPPLIED.info);
    await select(user, WAITING.info);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(question.textContent).toContain('Are you sure you wish to remove?');
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    const text = await alertText('Not all records could be deleted');
    expect(text).toContain('1 of 2 removed.');
    expect(text).toContain(`${SUPPLIED.info}: The report has been supplied - cannot delete.`);
    const deletion = seen.find((call) => call.path === '/api/pairs/deletions');
    expect(deletion?.body).toEqual({ ids: [SUPPLIED.id, WAITING.id] });
    expect(deletion?.idempotencyKey).toBeTruthy();
  });

  it('a full success is a toast', async () => {
    const user = userEvent.setup();
    fakeBff([WAITING], { 'POST /api/pairs/deletions': [json({ total: 1, succeeded: 1, notAttempted: 0, failed: [] })] });
    renderScreen();
    await select(user, WAITING.info);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('1 of 1 removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('Report Printing Guidelines', () => {
  it('shows the guidelines and the page the build names, with nothing selected', async () => {
    const user = userEvent.setup();
    fakeBff([SUPPLIED]);
    renderScreen();
    await screen.findByText(SUPPLIED.info);
    await user.click(screen.getByRole('button', { name: 'Report Printing Guidelines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Printing Guidelines' });
    // The guidelines themselves, then the provider's page.
    const guidelines = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(guidelines).toHaveLength(5);
    expect(guidelines[0]).toMatch(/^Print the PDF \(the PDF button in the Report column\)/);
    expect(guidelines).toContain('Print at actual size (100%), not “Fit to page”, on A4 or Letter.');
    expect(guidelines.at(-1)).toBe(
      'A pair shown as “Not available yet” has no report to print yet. A pair report can take up to two working days.',
    );
    expect(
      within(dialog)
        .getByRole('link', { name: /Report Printing Guidelines/ })
        .getAttribute('href'),
    ).toBe('https://guides.test/pair-report-printing');
  });
});
