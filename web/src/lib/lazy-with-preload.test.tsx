import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload.ts';

const Part = ({ text }: { text: string }) => <p>{text}</p>;

function renderPart(Component: ReturnType<typeof lazyWithPreload<{ text: string }>>) {
  return render(
    <Suspense fallback={<p>Loading...</p>}>
      <Component text="the part" />
    </Suspense>,
  );
}

describe('lazyWithPreload', () => {
  it('fetches the chunk once, however often it is preloaded and then rendered', async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const Lazy = lazyWithPreload(load);
    Lazy.preload();
    Lazy.preload();
    renderPart(Lazy);
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded part in the same commit, with no frame of the fallback', async () => {
    const Lazy = lazyWithPreload(async () => ({ default: Part }));
    Lazy.preload();
    // The chunk arrives (the pointer rested on the button a moment before the press).
    await act(async () => {});
    renderPart(Lazy);
    expect(screen.getByText('the part')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('fetches again on render after a preload failed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Part }>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ default: Part });
    const Lazy = lazyWithPreload(load);
    Lazy.preload();
    await act(async () => {});
    renderPart(Lazy);
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
