import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import type { TeamInsight } from '../api/get-team-insight.ts';
import TeamGlancePanel from './team-glance-panel.tsx';

const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const TEAM = '7ea70000-0000-4000-8000-000000000001';
const STAGES = [
  ['SE', 'Self-protecting'],
  ['CO', 'Conforming'],
  ['SP', 'Specialising'],
  ['PE', 'Performing'],
  ['IN', 'Internalising'],
  ['ST', 'Strategising'],
  ['TR', 'Transforming'],
  ['BE', 'Being'],
] as const;
const INSIGHT: TeamInsight = {
  memberCount: 4,
  completedCount: 3,
  enneagram: Array.from({ length: 9 }, (_, at) => {
    const members = at === 3 ? ['Anna Kiss', 'Thabo Nkosi'] : at === 7 ? ['Pieter de Wet'] : [];
    return { type: at + 1, count: members.length, members };
  }),
  maturity: STAGES.map(([code, name], at) => {
    const members = at === 3 ? ['Anna Kiss'] : [];
    return { stage: at + 1, code, name, count: members.length, members };
  }),
  pending: [{ id: 'a55e55e0-0000-4000-8000-000000000014', name: 'Lerato Dlamini' }],
};

afterEach(() => fetchMock.mockReset());

describe('TeamGlancePanel (spec coach-shell §2.7)', () => {
  it('puts the completed members on the nine points and the stages, and names those still to complete', async () => {
    const calls = serve(fetchMock, { [`GET /api/insights/teams/${TEAM}`]: [json(INSIGHT)] });
    render(<TeamGlancePanel teamId={TEAM} version="v1" />);
    const four = await screen.findByRole('img', { name: 'Type 4: 2 members (Anna Kiss, Thabo Nkosi)' });
    expect(screen.getAllByRole('img')).toHaveLength(9);
    expect(screen.getByRole('img', { name: 'Type 1: no members' })).toBeTruthy();
    // The points: one Tab stop, the arrows around the circle, the names shown on focus.
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Type 9: no members');
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(four);
    expect(screen.getByText('Thabo Nkosi', { selector: '.chart-tooltip span' })).toBeTruthy();
    const stage = screen.getByText('4 Performing (PE)').closest('li') as HTMLElement;
    expect(within(stage).getByText('Anna Kiss')).toBeTruthy();
    expect(screen.getByText(/3 of 4 members completed\. Still to complete: Lerato Dlamini\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const types = screen.getByRole('table', { name: "The members' Enneagram types" });
    expect(
      within(within(types).getByRole('row', { name: /^8/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Pieter de Wet']);
    expect(calls).toHaveLength(1);
  });

  it('says when no member has completed, and offers Retry after a failure', async () => {
    serve(fetchMock, {
      [`GET /api/insights/teams/${TEAM}`]: [
        problem(502, 'upstream_error', 'The service could not be reached.'),
        json({ ...INSIGHT, completedCount: 0, enneagram: INSIGHT.enneagram.map((p) => ({ ...p, count: 0, members: [] })) }),
      ],
    });
    render(<TeamGlancePanel teamId={TEAM} version="v1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No member has completed an assessment yet.')).toBeTruthy();
  });
});
