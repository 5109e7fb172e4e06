import { describe, expect, it } from 'vitest';
import { CallCancel, DeadlineQueue, TIMED_OUT } from './call-cancel.ts';

const stopped = (call: CallCancel) =>
  new Promise<number>((resolve) => {
    call.addEventListener('abort', { handleEvent: () => resolve(performance.now()) });
  });

describe('DeadlineQueue', () => {
  it('stops each call once its own limit has passed, never before, the later ones after the earlier', async () => {
    const queue = new DeadlineQueue(60);
    const first = new CallCancel();
    const firstStarted = performance.now();
    queue.add(first, firstStarted);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = new CallCancel();
    const secondStarted = performance.now();
    queue.add(second, secondStarted);
    const [firstAt, secondAt] = await Promise.all([stopped(first), stopped(second)]);
    expect(firstAt - firstStarted).toBeGreaterThanOrEqual(60);
    expect(secondAt - secondStarted).toBeGreaterThanOrEqual(60);
    expect(first.reason).toBe(TIMED_OUT);
    expect(second.reason).toBe(TIMED_OUT);
  });

  it('never stops a call removed in time, and still stops one added after the queue was emptied', async () => {
    const queue = new DeadlineQueue(40);
    const answered = new CallCancel();
    queue.add(answered, performance.now());
    queue.remove(answered);
    // Removed twice (a call settles once, but a stray second remove must not unlink another call).
    queue.remove(answered);
    const late = new CallCancel();
    const started = performance.now();
    queue.add(late, started);
    expect(await stopped(late)).toBeGreaterThanOrEqual(started + 40);
    expect(answered.aborted).toBe(false);
  });

  it('keeps the others in their order when a call in the middle is removed', async () => {
    const queue = new DeadlineQueue(30);
    const calls = [new CallCancel(), new CallCancel(), new CallCancel()];
    for (const call of calls) queue.add(call, performance.now());
    queue.remove(calls[1] as CallCancel);
    await Promise.all([stopped(calls[0] as CallCancel), stopped(calls[2] as CallCancel)]);
    expect(calls.map((call) => call.aborted)).toEqual([true, false, true]);
  });
});

describe('CallCancel', () => {
  it('aborts once, with the first reason, and tells its one listener and its signal', () => {
    const call = new CallCancel();
    const heard: unknown[] = [];
    call.addEventListener('abort', { handleEvent: () => heard.push(call.reason) });
    const signal = call.signal();
    const gone = new Error('gone');
    call.abort(gone);
    call.abort(TIMED_OUT);
    expect(heard).toEqual([gone]);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(gone);
    expect(call.signal().reason).toBe(gone);
  });

  it('follows an AbortSignal it listens to, with its reason', () => {
    const call = new CallCancel();
    const item = new AbortController();
    item.signal.addEventListener('abort', call);
    const stop = new Error('stopped');
    item.abort(stop);
    expect(call.aborted).toBe(true);
    expect(call.reason).toBe(stop);
  });

  it('forgets a listener removed, and only that one', () => {
    const call = new CallCancel();
    const heard: string[] = [];
    const first = { handleEvent: () => heard.push('first') };
    const second = { handleEvent: () => heard.push('second') };
    call.addEventListener('abort', first);
    call.removeEventListener('abort', second);
    call.removeEventListener('abort', first);
    call.addEventListener('abort', second);
    call.abort(new Error('x'));
    expect(heard).toEqual(['second']);
  });
});
