import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { miniPipelineInsights, pipelineInsights } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import PipelinePanel from './pipeline-panel.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

/** Answers the panel's calls with `answer` and records each query string asked. */
function serve(answer: (query: URLSearchParams) => Response = () => json(pipelineInsights())): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  fetchMock.mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    asked.push(url.searchParams);
    return answer(url.searchParams);
  });
  return asked;
}

afterEach(() => {
  fetchMock.mockReset();
  localStorage.clear();
});

describe('PipelinePanel (the dashboard pipeline)', () => {
  it('shows its shape while loading, then the funnel and the nudges, each count opening its rows in the table', async () => {
    const asked = serve();
    render(<PipelinePanel />);
    expect(screen.getByRole('status').textContent).toBe('Loading the pipeline...');
    const invited = await screen.findByRole('link', { name: '104 Invited: show in Assessments' });
    expect(invited.getAttribute('href')).toBe('/assessments?stage=invited&days=90');
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ days: '90', invitedDays: '7', startedDays: '14', completedDays: '3' });

    const funnel = screen.getAllByRole('listitem').filter((item) => item.classList.contains('pipeline-funnel__step'));
    expect(funnel.map((item) => item.textContent)).toEqual([
      'Added120Added in the last 90 days',
      'Invited10487% of the step before',
      'Started7168% of the step before · median 5.2 days from added',
      'Completed5273% of the step before · median 1.1 days from started',
      'Reports sent3058% of the step before',
    ]);
    const nudge = screen.getByRole('link', { name: '18 Invited, not started, added 7 or more days ago: show in Assessments' });
    expect(nudge.getAttribute('href')).toBe('/assessments?stage=nudgeInvited&days=90&olderThan=7');
    // Nothing to open at zero.
    const started = screen.getByText('Started, not complete').closest('li') as HTMLElement;
    expect(within(started).queryByRole('link')).toBeNull();
    expect(within(started).getByText('0')).toBeTruthy();
  });

  it('asks again for the period and the project chosen, remembers the period, and links to the same rows', async () => {
    const asked = serve();
    const user = userEvent.setup();
    render(<PipelinePanel />);
    await screen.findByRole('link', { name: /^120 Added/ });
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    await waitFor(() => expect(asked.at(-1)?.get('days')).toBe('30'));
    expect(JSON.parse(localStorage.getItem('coachportal.pipelinePanel') ?? '{}')).toMatchObject({ days: 30 });
    serve(() => json(pipelineInsights({ days: 30, project: 'Leadership Programme 2025' })));
    await user.selectOptions(screen.getByLabelText('Project or company'), 'Project: Leadership Programme 2025');
    const added = await screen.findByRole('link', { name: /^120 Added/ });
    expect(added.getAttribute('href')).toBe('/assessments?stage=added&days=30&project=Leadership+Programme+2025');
  });

  it('changes the thresholds only to whole days from 1 to 365, then asks with them and keeps them', async () => {
    const asked = serve();
    const user = userEvent.setup();
    render(<PipelinePanel />);
    await screen.findByRole('link', { name: /^120 Added/ });
    await user.click(screen.getByRole('button', { name: 'Change nudge thresholds' }));
    const invited = screen.getByLabelText('Invited, not started after (days)');
    await user.clear(invited);
    await user.type(invited, '0');
    const calls = asked.length;
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('Please enter whole days from 1 to 365.')).toBeTruthy();
    expect(asked.length).toBe(calls);
    await user.clear(invited);
    await user.type(invited, '10');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(asked.at(-1)?.get('invitedDays')).toBe('10'));
    expect(JSON.parse(localStorage.getItem('coachportal.pipelinePanel') ?? '{}')).toEqual({
      days: 90,
      invitedDays: 10,
      startedDays: 14,
      completedDays: 3,
    });
    expect(screen.queryByRole('form', { name: 'Nudge thresholds' })).toBeNull();
  });

  it('says when nothing was added in the period', async () => {
    const empty = pipelineInsights();
    serve(() =>
      json({ ...empty, funnel: empty.funnel.map((step) => ({ ...step, count: 0, conversion: null, medianDays: null, medianFrom: null })) }),
    );
    render(<PipelinePanel />);
    expect(await screen.findByText('No assessments were added in the last 90 days.')).toBeTruthy();
  });

  it("shows a failure's text with Retry, which asks again", async () => {
    let fail = true;
    serve(() =>
      fail
        ? json(
            {
              type: '/problems/upstream_error',
              title: 'Bad Gateway',
              status: 502,
              code: 'upstream_error',
              detail: 'Something went wrong.',
            },
            502,
            'application/problem+json',
          )
        : json(pipelineInsights()),
    );
    const user = userEvent.setup();
    render(<PipelinePanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /^120 Added/ })).toBeTruthy();
  });

  it("shows a coach limited to mini-assessments their minis' pipeline: no scope, no links, only the started threshold", async () => {
    const asked = serve(() => json(miniPipelineInsights()));
    const user = userEvent.setup();
    render(<PipelinePanel miniOnly />);
    await screen.findByText('Started in the last 90 days');
    const funnel = screen.getAllByRole('listitem').filter((item) => item.classList.contains('pipeline-funnel__step'));
    expect(funnel.map((item) => item.textContent)).toEqual([
      'Started8Started in the last 90 days',
      'Completed675% of the step before · median 0.2 days from started',
    ]);
    const waiting = screen.getByText('Started, not complete').closest('li') as HTMLElement;
    expect(waiting.textContent).toBe('Started, not completestarted 14 or more days ago2');
    // Their drawer has no Assessments: nothing opens the table.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByLabelText('Project or company')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change nudge thresholds' }));
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('aria-label') ?? box.id)).toHaveLength(1);
    await user.clear(screen.getByLabelText('Started, not complete after (days)'));
    await user.type(screen.getByLabelText('Started, not complete after (days)'), '21');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(asked.at(-1)?.get('startedDays')).toBe('21'));
  });
});
