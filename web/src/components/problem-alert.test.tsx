import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../test/render.tsx';
import { ProblemAlert } from './problem-alert.tsx';

const problem = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) => ({
  type: `/problems/${code}`,
  title: 'Failed',
  status,
  code,
  detail,
  ...extra,
});

afterEach(() => vi.useRealTimers());

describe('ProblemAlert: Retry only where asking again can help', () => {
  it.each([
    [
      'an unknown registration link',
      problem(400, 'invalid_link', 'Invalid link. Please use the link exactly as provided to you by your coach'),
    ],
    ['an unknown report link', problem(400, 'report_unavailable', 'Assessment not found.')],
    ['an unknown policy link', problem(400, 'policy_unavailable', 'Policy not found.')],
    ['a malformed id', problem(400, 'validation_failed', 'The checkout id is not in the expected form.')],
    ['a missing record', problem(404, 'not_found', 'The team was not found.')],
  ])('offers no Retry for %s: the same request gets the same answer', (_what, error) => {
    const onRetry = vi.fn();
    render(<ProblemAlert error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toBe(error.detail);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['the network', new TypeError('Failed to fetch')],
    ['the legacy API', problem(502, 'upstream_error', 'The update failed unexpectedly.')],
    ['a timeout', problem(504, 'upstream_timeout', 'The server did not answer in time.')],
  ])('offers Retry at once when %s failed', async (_what, error) => {
    const onRetry = vi.fn();
    render(<ProblemAlert error={error} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('counts down the seconds a rate limit gives, then offers Retry', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const error = problem(429, 'rate_limited', 'Too many attempts. Please wait a minute and try again.', { retryAfterSeconds: 3 });
    render(<ProblemAlert error={error} onRetry={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Retry in 3 s' }).hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Retry in 2 s' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Retry' }).hasAttribute('disabled')).toBe(false);
  });
});
