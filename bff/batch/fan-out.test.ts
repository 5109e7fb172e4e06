import { describe, expect, it } from 'vitest';
import { fanOut } from './fan-out.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('fanOut', () => {
  it('runs every item once, never more than `concurrency` at once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await fanOut([...Array(10).keys()], 3, new AbortController().signal, async (item, index) => {
      expect(item).toBe(index);
      inFlight++;
      most = Math.max(most, inFlight);
      await tick();
      seen.push(item);
      inFlight--;
    });
    expect(most).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
  });

  it('starts nothing new once stopped and aborts the items in flight with the same reason', async () => {
    const stop = new AbortController();
    const started: number[] = [];
    const reasons: unknown[] = [];
    const reason = new Error('stop pressed');
    await fanOut([1, 2, 3, 4, 5], 2, stop.signal, async (item, _index, controller) => {
      started.push(item);
      if (item === 2) stop.abort(reason);
      await tick();
      reasons.push(controller.signal.reason);
    });
    expect(started).toEqual([1, 2]);
    expect(reasons).toEqual([reason, reason]);
  });

  it('refuses a concurrency that is not a positive integer', async () => {
    await expect(fanOut([1], 0, new AbortController().signal, async () => {})).rejects.toThrow(RangeError);
  });
});
