import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionRecord } from '../test-support/session-fixtures.ts';
import { describeSessionStore } from '../test-support/session-store-behaviour.ts';
import { MemorySessionStore } from './memory-session-store.ts';
import type { SessionRecord } from './session-record.ts';

let now = 0;
let store: MemorySessionStore;
beforeEach(() => {
  now = 1_700_000_000_000;
  store = new MemorySessionStore({ now: () => now });
});
afterEach(() => store.close());

describeSessionStore('memory', () => store);

describe('MemorySessionStore copies', () => {
  it('shares no mutable object with its callers', async () => {
    const record = sessionRecord();
    await store.set(record, 1000);
    record.flags.impersonator = true;
    const read = (await store.get(record.id)) as SessionRecord;
    expect(read.flags.impersonator).toBe(false);
    expect(() => {
      read.flags.assisted = true;
    }).toThrow(TypeError);
    read.coachId = 'changed';
    expect((await store.get(record.id))?.coachId).toBe(record.coachId);
  });
});

describe('MemorySessionStore expiry (injected clock)', () => {
  it('drops a record once its TTL has passed', async () => {
    const record = sessionRecord();
    await store.set(record, 1000);
    now += 999;
    expect(await store.get(record.id)).not.toBeNull();
    now += 1;
    expect(await store.get(record.id)).toBeNull();
  });

  it('extends the TTL on touch', async () => {
    const record = sessionRecord();
    await store.set(record, 1000);
    now += 900;
    await store.touch(record.id, now, 1000);
    now += 900;
    expect(await store.get(record.id)).not.toBeNull();
    now += 100;
    expect(await store.touch(record.id, now, 1000)).toBe(false);
  });

  it('sweeps expired records away', async () => {
    await store.set(sessionRecord(), 1000);
    await store.set(sessionRecord(), 5000);
    now += 1000;
    store.sweep();
    expect(store.size).toBe(1);
  });

  it("drops an expired session from its account's index", async () => {
    const short = sessionRecord({ account: 'coach@portal.test' });
    const long = sessionRecord({ account: 'coach@portal.test' });
    await store.set(short, 1000);
    await store.set(long, 5000);
    now += 1000;
    expect((await store.sessionsOf('coach@portal.test')).map((record) => record.id)).toEqual([long.id]);
    expect(await store.deleteSessionsOf('coach@portal.test')).toEqual([long.id]);
  });

  it('forgets everything on close', async () => {
    await store.set(sessionRecord(), 1000);
    await store.close();
    expect(store.size).toBe(0);
  });
});
