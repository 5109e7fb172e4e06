import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamRow } from '../../../../lib/api/list-teams.ts';
import { json, problem, serve } from '../../../../test/fake-bff.ts';
import { teamRow as team } from '../../../../test/fixtures.ts';
import { finalText, messageText, renderAction } from '../shared/action-test-support.tsx';
import { assessmentId } from '../shared/send-test-data.ts';
import AddToTeamAction from './add-to-team-dialog.tsx';
import { addedMessage, NO_TEAM, TEAM_LOCKED } from './add-to-team-messages.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const OPEN = team(1, 'Leadership Team');
const LOCKED = team(2, 'Sales Team', { reportState: 'requested', reportRequested: 'Ennea', reportDueDate: '2025-11-14' });
const RECEIVED = team(3, 'Shared Team', { isReceived: true, receivedFrom: { name: 'Lukas Novak' } });
const teamsPage = (items: TeamRow[]) => json({ items, page: 1, pageSize: 500, total: items.length });
const IDS = [assessmentId(1), assessmentId(2), assessmentId(3)];

const renderAdd = () => renderAction(AddToTeamAction, { ids: IDS });

async function pickTeam(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Add To Team' });
  const select = await within(dialog).findByLabelText('Team');
  await userEvent.selectOptions(select, name);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
}

describe('Add To Team', () => {
  it('asks a coach without a team of their own to create one first', async () => {
    serve(fetchMock, { 'GET /api/teams': [teamsPage([RECEIVED])] });
    const { finish } = renderAdd();
    expect(await finalText(finish)).toEqual({ title: 'Please Note', text: NO_TEAM });
  });

  it('adds the selection to the chosen team with one keyed call and words the BFF counts', async () => {
    const calls = serve(fetchMock, {
      'GET /api/teams': [teamsPage([OPEN, LOCKED, RECEIVED])],
      [`POST /api/teams/${OPEN.id}/members`]: [json({ requested: 3, added: 2, alreadyMembers: 1 })],
    });
    const { finish, clearSelection } = renderAdd();
    const select = await screen.findByLabelText('Team');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Select a team',
      'Leadership Team',
      'Sales Team (locked: report requested)',
    ]);
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    await pickTeam('Leadership Team');
    expect(await finalText(finish)).toEqual({
      title: 'Please Note',
      text: "You've added 2 out of 3. The other assessments are already part of this team.",
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ ids: IDS }]);
    const keys = fetchMock.mock.calls.map(([input]) => (input as Request).headers.get('Idempotency-Key')).filter(Boolean);
    expect(keys).toHaveLength(1);
    expect(clearSelection).toHaveBeenCalled();
  });

  it('marks the teams whose report was requested or issued as locked, and they cannot be chosen', async () => {
    const ISSUED = team(4, 'Board', { reportState: 'available', reportRequested: 'Full' });
    window.history.replaceState(null, '', `?addToTeam=${LOCKED.id}`);
    const calls = serve(fetchMock, { 'GET /api/teams': [teamsPage([OPEN, LOCKED, ISSUED])] });
    const { finish } = renderAdd();
    const select = (await screen.findByLabelText('Team')) as HTMLSelectElement;
    const options = [...select.options].map((option) => ({ text: option.text, disabled: option.disabled }));
    expect(options).toEqual([
      { text: 'Select a team', disabled: false },
      { text: 'Leadership Team', disabled: false },
      { text: 'Sales Team (locked: report requested)', disabled: true },
      { text: 'Board (locked: report issued)', disabled: true },
    ]);
    // Not even the team the page was opened for is preselected while it is locked.
    expect(select.value).toBe('');
    expect(screen.getByText(TEAM_LOCKED)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    expect(finish).not.toHaveBeenCalled();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    window.history.replaceState(null, '', '/');
  });

  it("shows the BFF's failure as Failed", async () => {
    const unexpected = 'Unexpected error while trying to add assessments to the team.';
    serve(fetchMock, {
      'GET /api/teams': [teamsPage([OPEN])],
      [`POST /api/teams/${OPEN.id}/members`]: [problem(502, 'add_members_failed', unexpected)],
    });
    const { finish, clearSelection } = renderAdd();
    await pickTeam('Leadership Team');
    expect(await finalText(finish)).toEqual({ title: 'Failed', text: unexpected });
    expect(clearSelection).not.toHaveBeenCalled();
  });

  it('words all added and none added as the spec does', () => {
    expect(messageText(addedMessage({ requested: 3, added: 3, alreadyMembers: 0 }))).toEqual({
      title: 'Success',
      text: 'Success! All 3 member(s) have been added.',
    });
    expect(messageText(addedMessage({ requested: 2, added: 0, alreadyMembers: 2 }))).toEqual({
      title: 'Please Note',
      text: 'All selected assessments are already part of this team.',
    });
  });
});
