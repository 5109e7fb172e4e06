import { atom } from 'jotai';
import type { components } from '../../../../generated/bff.ts';
import { api } from '../api-client.ts';

export type Session = components['schemas']['Session'];

/** The signed-in coach's session as the BFF last told it; `null` when signed out. */
export const sessionAtom = atom<Session | null>(null);

/** Asks the BFF for the current session; `null` when there is none (401). */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  const { data } = await api.GET('/api/session', { signal });
  return data ?? null;
}
