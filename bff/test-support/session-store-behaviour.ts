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

    it('is ready', async () => {
      await expect(store().ping()).resolves.toBeUndefined();
    });
  });
}
