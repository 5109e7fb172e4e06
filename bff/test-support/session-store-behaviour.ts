// What every SessionStore must do, run against each implementation by its own test file.
import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../session/session-record.ts';
import type { SessionStore } from '../session/session-store.ts';
import { sessionRecord } from './session-fixtures.ts';

const TTL = 60_000;

export function describeSessionStore(name: string, store: () => SessionStore): void {
  describe(`${name}: SessionStore behaviour`, () => {
    it('answers null for an unknown id', async () => {
      expect(await store().get(sessionRecord().id)).toBeNull();
    });

    it('reads back what it stored, as a copy', async () => {
      const record = sessionRecord();
      await store().set(record, TTL);
      const read = await store().get(record.id);
      expect(read).toEqual(record);
      expect(read).not.toBe(record);
    });

    it('replaces a record on set', async () => {
      const record = sessionRecord();
      await store().set(record, TTL);
      await store().set({ ...record, flags: { impersonator: true, assisted: false } }, TTL);
      expect((await store().get(record.id))?.flags).toEqual({ impersonator: true, assisted: false });
    });

    it('deletes', async () => {
      const record = sessionRecord();
      await store().set(record, TTL);
      await store().delete(record.id);
      expect(await store().get(record.id)).toBeNull();
    });

    it('touches: updates lastSeenAt and keeps the rest', async () => {
      const record = sessionRecord();
      await store().set(record, TTL);
      expect(await store().touch(record.id, record.lastSeenAt + 5000, TTL)).toBe(true);
      expect(await store().get(record.id)).toEqual({ ...record, lastSeenAt: record.lastSeenAt + 5000 });
    });

    it('never recreates a deleted session on touch', async () => {
      const record = sessionRecord();
      await store().set(record, TTL);
      await store().delete(record.id);
      expect(await store().touch(record.id, record.lastSeenAt + 1, TTL)).toBe(false);
      expect(await store().get(record.id)).toBeNull();
    });

    it('treats a record that fails validation as no session', async () => {
      const broken = { ...sessionRecord(), coachId: '' } as SessionRecord;
      await store().set(broken, TTL);
      expect(await store().get(broken.id)).toBeNull();
    });

    it("lists an account's sessions, and only those", async () => {
      const first = sessionRecord({ account: 'coach@portal.test' });
      const second = sessionRecord({ account: 'coach@portal.test', lastSeenAt: first.lastSeenAt + 1 });
      await store().set(first, TTL);
      await store().set(second, TTL);
      await store().set(sessionRecord({ account: 'assistant@portal.test' }), TTL);
      await store().set(sessionRecord(), TTL);
      const listed = await store().sessionsOf('coach@portal.test');
      expect(listed.map((record) => record.id).sort()).toEqual([first.id, second.id].sort());
      expect(listed.find((record) => record.id === second.id)).toEqual(second);
      expect(await store().sessionsOf('nobody@portal.test')).toEqual([]);
    });

    it('lists the last activity a touch recorded', async () => {
      const record = sessionRecord({ account: 'coach@portal.test' });
      await store().set(record, TTL);
      await store().touch(record.id, record.lastSeenAt + 7000, TTL);
      expect((await store().sessionsOf('coach@portal.test'))[0]?.lastSeenAt).toBe(record.lastSeenAt + 7000);
    });

    it('leaves a deleted session out of its account', async () => {
      const gone = sessionRecord({ account: 'coach@portal.test' });
      const kept = sessionRecord({ account: 'coach@portal.test' });
      await store().set(gone, TTL);
      await store().set(kept, TTL);
      await store().delete(gone.id);
      expect((await store().sessionsOf('coach@portal.test')).map((record) => record.id)).toEqual([kept.id]);
    });

    it("deletes an account's sessions but the one to keep", async () => {
      const kept = sessionRecord({ account: 'coach@portal.test' });
      const others = [sessionRecord({ account: 'coach@portal.test' }), sessionRecord({ account: 'coach@portal.test' })];
      const stranger = sessionRecord({ account: 'other@portal.test' });
      for (const record of [kept, ...others, stranger]) await store().set(record, TTL);
      const deleted = await store().deleteSessionsOf('coach@portal.test', kept.id);
      expect(deleted.sort()).toEqual(others.map((record) => record.id).sort());
      for (const record of others) expect(await store().get(record.id)).toBeNull();
      expect(await store().get(kept.id)).toEqual(kept);
      expect(await store().get(stranger.id)).toEqual(stranger);
      expect((await store().sessionsOf('coach@portal.test')).map((record) => record.id)).toEqual([kept.id]);
    });

    it("deletes all of an account's sessions when none is kept", async () => {
      const records = [sessionRecord({ account: 'coach@portal.test' }), sessionRecord({ account: 'coach@portal.test' })];
      for (const record of records) await store().set(record, TTL);
      expect((await store().deleteSessionsOf('coach@portal.test')).length).toBe(2);
      expect(await store().sessionsOf('coach@portal.test')).toEqual([]);
    });

    it('is ready', async () => {
      await expect(store().ping()).resolves.toBeUndefined();
    });
  });
}
