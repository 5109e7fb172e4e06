import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_TOAST_MS, showToast, Toaster, toasts } from './toast.tsx';

const TEAM_FIELDS = 'Please enter a team name and a project name.';
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const shown = (text: string) => screen.queryAllByText(text);

beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => {
  for (const toast of toasts.visibleToasts) toasts.close(toast.key);
  vi.useRealTimers();
});

describe('toasts in time', () => {
  beforeEach(() => {
    // The toasts' timers (react-aria's: setTimeout and Date); the rest runs as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  it('fade after the screen’s duration, an error too (spec coach-shell §9: Teams 2 s)', async () => {
    act(() => showToast(TEAM_FIELDS, 'error', 2000));
    expect(shown(TEAM_FIELDS)).toHaveLength(1);
    await advance(1999);
    expect(shown(TEAM_FIELDS)).toHaveLength(1);
    await advance(1);
    expect(shown(TEAM_FIELDS)).toHaveLength(0);
  });

  it('last the shell’s 3.5 s when the screen gives no duration', async () => {
    expect(SHELL_TOAST_MS).toBe(3500);
    act(() => showToast('Thank you, successfully submitted.', 'success'));
    await advance(3499);
    expect(shown('Thank you, successfully submitted.')).toHaveLength(1);
    await advance(1);
    expect(shown('Thank you, successfully submitted.')).toHaveLength(0);
  });

  it('do not stack: the same message again replaces the one shown, with its duration afresh', async () => {
    act(() => showToast(TEAM_FIELDS, 'error', 2000));
    await advance(1500);
    act(() => showToast(TEAM_FIELDS, 'error', 2000));
    act(() => showToast(TEAM_FIELDS, 'error', 2000));
    act(() => showToast('Team Alpha added.', 'success', 2000));
    expect(shown(TEAM_FIELDS)).toHaveLength(1);
    expect(shown('Team Alpha added.')).toHaveLength(1);
    await advance(1999);
    expect(shown(TEAM_FIELDS)).toHaveLength(1);
    await advance(1);
    expect(shown(TEAM_FIELDS)).toHaveLength(0);
    // The same text in another tone is another message.
    act(() => showToast(TEAM_FIELDS, 'error', 2000));
    act(() => showToast(TEAM_FIELDS, 'info', 2000));
    expect(shown(TEAM_FIELDS)).toHaveLength(2);
  });
});

describe('a toast', () => {
  it('closes with Dismiss before its time', async () => {
    act(() => showToast('Copied to clipboard', 'success', 2000));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(shown('Copied to clipboard')).toHaveLength(0);
  });
});
