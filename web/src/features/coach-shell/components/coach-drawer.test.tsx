import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/session/session.ts';
import { SESSION } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { CoachDrawer } from './coach-drawer.tsx';

const LeaveMessageDialog = () => <div role="dialog" aria-label="Leave A Message" />;

function renderDrawer(session: Session, { isOpen = false, onClose = () => undefined } = {}) {
  render(
    <CoachDrawer
      session={session}
      id="drawer"
      isOpen={isOpen}
      onClose={onClose}
      onLogOut={() => undefined}
      toggleRef={createRef()}
      LeaveMessageDialog={LeaveMessageDialog}
    />,
  );
  return screen.getByRole('navigation', { name: 'Main' });
}

beforeEach(() => window.history.replaceState(null, '', '/dashboard'));

describe('the drawer’s extras (spec coach-shell §2.1)', () => {
  it('offers a coach Leave A Message and the help e-mail link', () => {
    const drawer = renderDrawer(SESSION);
    expect(within(drawer).getByRole('button', { name: 'Leave A Message' })).toBeTruthy();
    expect(
      within(drawer)
        .getByRole('link', { name: /^Email support/ })
        .getAttribute('href'),
    ).toBe('mailto:support@coachportal.test');
  });

  it('gives a coach limited to mini-assessments only Dashboard, Mini-Assessments, Messages, Samples and Log Out', () => {
    const drawer = renderDrawer({ ...SESSION, coach: { ...SESSION.coach, onlyMiniAssessment: true } });
    expect(within(drawer).queryByRole('button', { name: 'Leave A Message' })).toBeNull();
    expect(within(drawer).queryByRole('link', { name: /Email support/ })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    // The profile link (the coach's name) stays: the mini coach's profile has its own sections (§2.12).
    const screens = within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((text) => !text?.endsWith(': profile'));
    expect(screens).toEqual(['Dashboard', 'Mini-Assessments', 'MessagesNew: unread messages', 'Samples & Brochures']);
  });

  it('closes the phone drawer when Leave A Message opens, so the dialog is not under it', async () => {
    const onClose = vi.fn();
    const drawer = renderDrawer(SESSION, { isOpen: true, onClose });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Leave A Message' }));
    expect(await screen.findByRole('dialog', { name: 'Leave A Message' })).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });
});
