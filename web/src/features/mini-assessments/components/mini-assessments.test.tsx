import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { MINI_ASSESSMENTS_TEXT, MiniAssessments } from './mini-assessments.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const LINK = 'http://localhost:3000/coachportal/mini/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const PAGE = {
  items: [
    {
      uniqueId: '3141f000-0000-4000-8000-000000000001',
      createdAt: '2025-10-21T12:30:00Z',
      language: 'hungarian',
      name: 'Réka',
      surname: 'Szabó',
      email: 'reka.szabo@example.hu',
      completedAt: '2025-10-21T12:41:09Z',
      ennea: 2,
      trifix: '271',
      reportUrl: '/coachportal/reports/3141f000-0000-4000-8000-000000000001',
    },
    {
      uniqueId: '3141f000-0000-4000-8000-000000000002',
      createdAt: '2025-10-19T08:02:44Z',
      language: 'slovak',
      name: 'Marek',
      surname: 'Kováč',
      email: 'marek.kovac@example.sk',
      completedAt: null,
      ennea: null,
      trifix: null,
      reportUrl: null,
    },
  ],
  total: 2,
  filteredTotal: 2,
  page: 1,
  pageSize: 50,
  selfRegistrationUrl: LINK,
};

function renderPage() {
  render(
    <>
      <MiniAssessments />
      <Toaster />
    </>,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/mini-assessments'));
afterEach(() => fetchMock.mockReset());

describe('Mini-Assessments page (spec coach-shell §2.4)', () => {
  it('lists each record with its language, results and report link, a dash until completed', async () => {
    serve(fetchMock, { 'GET /api/mini-assessments': [json(PAGE)] });
    renderPage();
    const done = (await screen.findByText('Réka Szabó')).closest('[role="row"]') as HTMLElement;
    expect(within(done).getByText('Hungarian')).toBeTruthy();
    expect(within(done).getByText('271')).toBeTruthy();
    expect(within(done).getByRole('link').getAttribute('href')).toBe(PAGE.items[0]?.reportUrl);
    expect(within(done).getByRole('link').getAttribute('target')).toBe('_blank');
    const open = screen.getByText('Marek Kováč').closest('[role="row"]') as HTMLElement;
    expect(within(open).queryByRole('link')).toBeNull();
    expect((screen.getByLabelText('Self-registration link') as HTMLInputElement).value).toBe(LINK);
  });

  it("copies the public link and says 'Copied to clipboard'", async () => {
    serve(fetchMock, { 'GET /api/mini-assessments': [json(PAGE)] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Réka Szabó');
    await user.click(screen.getByRole('button', { name: MINI_ASSESSMENTS_TEXT.copyLink }));
    expect(await screen.findByText(MINI_ASSESSMENTS_TEXT.copied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });

  it("shows the 'Failed' alert with the server's text when the spreadsheet fails", async () => {
    serve(fetchMock, {
      'GET /api/mini-assessments': [json(PAGE)],
      'GET /api/mini-assessments/spreadsheet': [problem(502, 'download_failed', 'No mini-assessments yet')],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: MINI_ASSESSMENTS_TEXT.download }));
    const alert = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(alert.textContent).toContain('No mini-assessments yet');
  });
});
