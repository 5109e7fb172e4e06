import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { POLICIES_LATER_KEY } from '../../../lib/policies-state.ts';
import { json, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { POLICIES_DONE, PoliciesGate } from './policies-gate.tsx';
import { POLICIES_OVERDUE, POLICIES_TITLE } from './policies-modal.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const POLICY = {
  uuid: '90110000-0000-4000-8000-000000000001',
  title: 'Code of Conduct for Accredited Practitioners',
  code: 'COC-2025',
  dueAt: '2025-11-30T00:00:00Z',
  userActionDisplayText: 'Sign',
  overdue: false,
  url: '/coachportal/policies/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f/90110000-0000-4000-8000-000000000001',
};
const alert = (policyAlert: boolean, overdue = false) => json({ policyAlert, overdue, earliestDueAt: policyAlert ? POLICY.dueAt : null });
const onLogOut = vi.fn();

function renderGate() {
  render(
    <>
      <PoliciesGate onLogOut={onLogOut} />
      <Toaster />
    </>,
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => fetchMock.mockReset());

describe('the policies modal (spec coach-shell §2.3, §4 "Policy")', () => {
  it('stays away while no policy waits', async () => {
    const calls = serve(fetchMock, { 'GET /api/policies/alert': [alert(false)] });
    renderGate();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("lists the policies, each opening its page in a new tab; 'Later' closes it for the tab", async () => {
    serve(fetchMock, {
      'GET /api/policies/alert': [alert(true), alert(true), alert(true)],
      'GET /api/policies': [json({ items: [POLICY] }), json({ items: [POLICY] })],
    });
    const user = userEvent.setup();
    renderGate();
    const modal = await screen.findByRole('dialog', { name: POLICIES_TITLE });
    const link = await within(modal).findByRole('link', { name: /^Sign Code of Conduct/ });
    expect(link.getAttribute('href')).toBe(POLICY.url);
    expect(link.getAttribute('target')).toBe('_blank');
    await user.click(within(modal).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(POLICIES_LATER_KEY)).toBe('1');
  });

  it.each(['Later', 'Escape'])("gives the focus to the page's main once closed with %s, not to the body", async (how) => {
    serve(fetchMock, {
      'GET /api/policies/alert': [alert(true), alert(true), alert(true)],
      'GET /api/policies': [json({ items: [POLICY] }), json({ items: [POLICY] })],
    });
    const user = userEvent.setup();
    render(
      <>
        <a href="#main">Skip to content</a>
        <main id="main" tabIndex={-1}>
          <h1>Dashboard</h1>
          <button type="button">First control</button>
        </main>
        <PoliciesGate onLogOut={onLogOut} />
      </>,
    );
    const modal = await screen.findByRole('dialog', { name: POLICIES_TITLE });
    await within(modal).findByRole('link', { name: /^Sign Code of Conduct/ });
    if (how === 'Later') await user.click(within(modal).getByRole('button', { name: 'Later' }));
    else await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First control' }));
  });

  it('cannot be closed while overdue, even after Later, and closes itself once the check says all is signed', async () => {
    sessionStorage.setItem(POLICIES_LATER_KEY, '1');
    serve(fetchMock, {
      'GET /api/policies/alert': [alert(true, true), alert(true, true), alert(false)],
      'GET /api/policies': [json({ items: [{ ...POLICY, overdue: true }] }), json({ items: [] }), json({ items: [] })],
      'GET /api/dashboard': [json({})],
    });
    const user = userEvent.setup();
    renderGate();
    const modal = await screen.findByRole('alertdialog', { name: POLICIES_TITLE });
    expect(modal.textContent).toContain(POLICIES_OVERDUE);
    expect(within(modal).queryByRole('button', { name: 'Later' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: POLICIES_TITLE })).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Log Out' }));
    expect(onLogOut).toHaveBeenCalled();
    // The 2-second check.
    expect(await screen.findByText(POLICIES_DONE, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: POLICIES_TITLE })).toBeNull();
  });
});
