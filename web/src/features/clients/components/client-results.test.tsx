import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster, toasts } from '../../../components/ui/toast.tsx';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { BENCE_ROW } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import type { ClientDetails } from '../api/get-client.ts';
import { ClientResults } from './client-results.tsx';

const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const CLIENT_ID = BENCE_ROW.clientId;
const ASSESSMENT_ID = BENCE_ROW.id;
const CLIENT: ClientDetails = {
  id: CLIENT_ID,
  name: 'Bence',
  surname: 'Kovács',
  email: 'bence.kovacs@danube-analytics.hu',
  company: 'Danube Analytics',
  otherData: '',
  assessments: [
    {
      ...BENCE_ROW,
      registeredAt: '2025-08-21T06:45:00Z',
      completedAt: '2025-08-21T07:20:31Z',
      markingState: 'autoMarked',
      ennea: { type: 8, trifix: '836', instinct: 'SX' },
      reportSent: true,
      wrapped: true,
      availableReports: { pdf: ['basic'], html: ['basic'], awaitingMarking: [] },
      permissions: { canEdit: true, canDelete: false, canWrap: true, canAssignSco: true, canInvite: false },
      reportLinks: [
        {
          report: 'basic',
          format: 'html',
          language: 'hungarian',
          languageCode: 'hu',
          url: `/coachportal/reports/e/${ASSESSMENT_ID}?language=hungarian`,
          download: false,
        },
        {
          report: 'basic',
          format: 'pdf',
          language: 'hungarian',
          languageCode: 'hu',
          url: `/api/assessments/${ASSESSMENT_ID}/reports/basic?format=pdf&language=hungarian`,
          download: true,
        },
      ],
    },
  ],
};

function renderPage() {
  const memory = memoryLocation({ path: `/clighent/${CLIENT_ID}` });
  return render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ClientResults clientId={CLIENT_ID} />
      <Toaster />
    </Router>,
  );
}

afterEach(() => {
  fetchMock.mockReset();
});

describe('the client results page (spec assessments-and-clients §2.1, §3.8, §4.5)', () => {
  it('shows the client, each assessment and its report links: HTML in a new tab, PDF as a download', async () => {
    const user = userEvent.setup();
    const calls = serve(fetchMock, {
      [`GET /api/clients/${CLIENT_ID}`]: [json(CLIENT)],
      [`GET /api/assessments/${ASSESSMENT_ID}/reports/basic`]: [
        new Response('%PDF', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Bence Kovacs.pdf"' },
        }),
        problem(400, 'download_failed', 'Report generation timed out'),
      ],
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bence Kovács' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Enneagram assessment, created 2025-08-20' });
    expect(within(card).getByText('Type 8 · 836 · SX')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Enneagram figure with style 8 marked' })).toBeTruthy();
    expect(within(card).getByRole('rowheader', { name: 'Enneagram Report' })).toBeTruthy();

    const html = within(card).getByRole('link', { name: /as HTML, opens in a new tab/ });
    expect(html.getAttribute('href')).toBe(`/coachportal/reports/e/${ASSESSMENT_ID}?language=hungarian`);
    expect(html.getAttribute('target')).toBe('_blank');

    await user.click(within(card).getByRole('button', { name: 'Download Enneagram Report (Hungarian) as PDF' }));
    expect(await screen.findByText('Downloading...')).toBeTruthy();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.at(-1)?.path).toBe(`/api/assessments/${ASSESSMENT_ID}/reports/basic`);

    await user.click(within(card).getByRole('button', { name: 'Download Enneagram Report (Hungarian) as PDF' }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
    // spec §9: 2500 ms toasts in this area, the failure's too.
    expect(toasts.visibleToasts.find((toast) => toast.content.text === 'Download failed')?.timeout).toBe(2500);
  });

  it('says when the Maturity reports are waiting for marking', async () => {
    const [first] = CLIENT.assessments;
    if (!first) throw new Error('fixture');
    const waiting = {
      ...CLIENT,
      assessments: [
        {
          ...first,
          assessmentType: 'EIT' as const,
          reportLinks: [],
          availableReports: { pdf: [], html: [], awaitingMarking: ['imf' as const] },
        },
      ],
    };
    serve(fetchMock, { [`GET /api/clients/${CLIENT_ID}`]: [json(waiting)] });
    renderPage();
    expect(await screen.findByText('The Maturity reports are waiting for marking.')).toBeTruthy();
  });

  it('shows the reports sent automatically and where each group is: not sent, sent but not downloaded, downloaded', async () => {
    const [first] = CLIENT.assessments;
    if (!first) throw new Error('fixture');
    const autoSent = {
      ...CLIENT,
      assessments: [
        {
          ...first,
          id: ASSESSMENT_ID,
          assessmentType: 'full' as const,
          reportsToAutoSend: ['clientSummary' as const, 'imf' as const],
          autoSendStatus: { ennea: 'sent' as const, maturity: 'notSent' as const },
        },
        {
          ...first,
          id: 'a55e55e0-0000-4000-8000-000000000004',
          reportsToAutoSend: ['basic' as const],
          autoSendStatus: { ennea: 'downloaded' as const },
        },
      ],
    };
    serve(fetchMock, { [`GET /api/clients/${CLIENT_ID}`]: [json(autoSent)] });
    renderPage();
    const [full, ennea] = await screen.findAllByRole('article');
    if (!full || !ennea) throw new Error('two assessments');
    const fact = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(fact(full, 'Sent automatically')).toBe('Enneagram Overview, Maturity Report');
    expect(fact(full, 'Enneagram reports')).toBe('Sent, not downloaded');
    expect(fact(full, 'Maturity reports')).toBe('Not yet sent to the client');
    expect(fact(ennea, 'Sent automatically')).toBe('Enneagram Report');
    expect(fact(ennea, 'Enneagram reports')).toBe('Downloaded');
    expect(within(ennea).queryByText('Maturity reports')).toBeNull();
  });

  it('offers a Retry on a failed load that shows the client when it answers', async () => {
    serve(fetchMock, {
      [`GET /api/clients/${CLIENT_ID}`]: [problem(503, 'upstream_unavailable', 'The service is unavailable.'), json(CLIENT)],
    });
    renderPage();
    // Loading: the client's shape in skeletons, busy and read as 'Loading...'.
    expect(screen.getByText('Loading...').closest('[aria-busy="true"]')?.querySelector('.client-assessment')).toBeTruthy();
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 1, name: 'Bence Kovács' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the BFF message when the client is not one of the coach’s', async () => {
    serve(fetchMock, { [`GET /api/clients/${CLIENT_ID}`]: [problem(404, 'not_found', 'The client was not found.')] });
    renderPage();
    expect(await screen.findByText('The client was not found.')).toBeTruthy();
  });
});
