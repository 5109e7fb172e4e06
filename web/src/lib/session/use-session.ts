import { useAtomValue } from 'jotai';
import { type Session, sessionAtom } from './session.ts';

/** The signed-in session, for screens of the coach area (whose guard renders them only with one). */
export function useSession(): Session {
  const session = useAtomValue(sessionAtom);
  if (!session) throw new Error('A coach screen was rendered without a session (outside the coach area guard)');
  return session;
}
