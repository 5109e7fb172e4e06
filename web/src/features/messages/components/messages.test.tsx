import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom, signedInAtom } from '../../../lib/session/session.ts';
import { json, problem, SESSION, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { Messages } from './messages.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const LIST = {
  items: [
    {
      subject: 'New Combined+ report',
      body: '<p>The Combined+ report is now <strong>available</strong>.</p>',
      updatedAt: '2025-10-28T09:15:00Z',
      isNew: true,
    },
    { subject: 'Team reports in PowerPoint', body: '<p>PPTX downloads.</p>', updatedAt: '2025-06-02T07:30:00Z', isNew: false },
  ],
  newCount: 1,
};

/** The 'New' badge, read as 'New message' (its words for a screen reader are in a visually hidden part). */
const newBadge = (_text: string, element: Element | null) =>
  element?.classList.contains('badge') === true && element.textContent === 'New message';

function renderMessages(session = SESSION) {
  const store = createStore();
  store.set(signedInAtom, session);
  render(<Messages session={session} />, { store });
  return store;
}

afterEach(() => {
  fetchMock.mockReset();
});

describe('Messages screen (spec coach-shell §2.10, §4)', () => {
  it('lists each message with its subject, time, HTML body (through SafeHtml) and the new badge, then acknowledges them', async () => {
    const calls = serve(fetchMock, {
      'GET /api/messages': [json(LIST)],
      'POST /api/messages/acknowledgements': [json({ acknowledged: true })],
    });
    const store = renderMessages();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messages');
    // Loading: message cards in skeleton, busy and read as 'Loading...', no spinner.
    const loading = screen.getByRole('status');
    expect(loading.textContent).toBe('Loading...');
    expect(loading.closest('[aria-busy="true"]')?.querySelectorAll('.messages__item')).toHaveLength(3);
    expect(document.querySelector('.loading')).toBeNull();
    const first = await screen.findByRole('article', { name: 'New Combined+ report' });
    // The heading is named by the subject alone; the badge beside it is named on its own.
    expect(within(first).getByRole('heading', { level: 2, name: 'New Combined+ report' })).toBeTruthy();
    expect(within(first).getByText(newBadge)).toBeTruthy();
    expect(within(first).getByText('available').tagName).toBe('STRONG');
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2025-10-28T09:15:00Z');
    const second = screen.getByRole('article', { name: 'Team reports in PowerPoint' });
    expect(within(second).getByRole('heading', { level: 2, name: 'Team reports in PowerPoint' })).toBeTruthy();
    expect(within(second).queryByText(newBadge)).toBeNull();

    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/messages/acknowledgements'));
    expect(calls.at(-1)?.csrf).toBe('1');
    // The drawer's unread badge goes; the list keeps its badges for this visit.
    await waitFor(() => expect(store.get(sessionAtom)?.coach.newMessages).toBe(false));
    expect(within(first).getByText(newBadge)).toBeTruthy();
  });

  it('does not acknowledge for an impersonator', async () => {
    const calls = serve(fetchMock, { 'GET /api/messages': [json(LIST)] });
    renderMessages({ ...SESSION, roles: { impersonator: true, assisted: false, assistant: null } });
    await screen.findByRole('article', { name: 'New Combined+ report' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/messages']);
  });

  it("shows the problem's text when the messages cannot be read, and acknowledges nothing", async () => {
    const calls = serve(fetchMock, { 'GET /api/messages': [problem(502, 'upstream_error', 'There was an unexpected error.')] });
    renderMessages();
    expect((await screen.findByRole('alert')).textContent).toBe('There was an unexpected error.');
    expect(calls).toHaveLength(1);
  });

  it('offers a Retry on a failed load that lists the messages when they answer', async () => {
    serve(fetchMock, {
      'GET /api/messages': [problem(502, 'upstream_error', 'There was an unexpected error.'), json(LIST)],
      'POST /api/messages/acknowledgements': [json({ acknowledged: true })],
    });
    renderMessages();
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('article', { name: 'New Combined+ report' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when there are no messages', async () => {
    serve(fetchMock, {
      'GET /api/messages': [json({ items: [], newCount: 0 })],
      'POST /api/messages/acknowledgements': [json({ acknowledged: true })],
    });
    renderMessages();
    expect(await screen.findByText('There are no messages.')).toBeTruthy();
  });
});
