import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { apiActivityAtom, sessionDeadlinesAtom } from './session.ts';
import { onApiActivity } from './session-events.ts';
import { type SessionPhase, startSessionTimer } from './session-timer.ts';

/**
 * The session's phase (active, warning 60 s before the end, expired) from the deadlines in the
 * session atoms; every successful call restarts the idle period. Mounted once, by the coach layout;
 * a download anywhere resets it through `downloadStartedAtom`.
 */
export function useSessionTimer(): SessionPhase {
  const deadlines = useAtomValue(sessionDeadlinesAtom);
  const noteActivity = useSetAtom(apiActivityAtom);
  const [phase, setPhase] = useState<SessionPhase>('active');

  useEffect(() => onApiActivity(noteActivity), [noteActivity]);

  useEffect(() => {
    if (!deadlines) return;
    const timer = startSessionTimer(deadlines, setPhase);
    return () => timer.stop();
  }, [deadlines]);

  return phase;
}
