import { describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore } from './idempotency-store.ts';
import { mergeResults } from './idempotent.ts';

describe('mergeResults', () => {
  it('adds up the counts, joins the lists and keeps what the resumed run left undone', () => {
    const cut = {
      total: 5,
      succeeded: 2,
      failed: [{ id: 'a', name: 'A', code: 'send_failed', message: 'A send failed with x' }],
      notAttempted: 2,
      notAttemptedIds: ['d', 'e'],
    };
    const resumed = { total: 2, succeeded: 1, failed: [], notAttempted: 1, notAttemptedIds: ['e'], reminders: 1, drafts: [] };
    expect(mergeResults(cut, resumed)).toEqual({
      total: 5,
      succeeded: 3,
      failed: cut.failed,
      notAttempted: 1,
      notAttemptedIds: ['e'],
      reminders: 1,
      drafts: [],
    });
    expect(mergeResults(cut, { ...resumed, succeeded: 2, notAttempted: 0, notAttemptedIds: undefined })).not.toHaveProperty(
      'notAttemptedIds',
    );
  });
});

describe('MemoryIdempotencyStore', () => {
  it('claims a free key once, answers its record to the others, and lets a cut run of the same request resume', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ now: () => now });
    expect(await store.claim('k', 'f1')).toEqual({ claimed: true });
    expect(await store.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'running', fingerprint: 'f1' } });
    const result = { total: 2, succeeded: 1, failed: [], notAttempted: 1, notAttemptedIds: ['b'] };
    await store.finish('k', { state: 'cut', fingerprint: 'f1', result });
    expect(await store.claim('k', 'f2')).toMatchObject({ claimed: false, record: { state: 'cut' } });
    expect(await store.claim('k', 'f1')).toEqual({ claimed: true, resumes: result });
    await store.finish('k', { state: 'done', fingerprint: 'f1', answer: { ok: true } });
    expect(await store.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'done', fingerprint: 'f1', answer: { ok: true } } });
    // Kept 24 hours.
    now += 24 * 60 * 60 * 1000;
    expect(await store.claim('k', 'f1')).toEqual({ claimed: true });
  });
});
