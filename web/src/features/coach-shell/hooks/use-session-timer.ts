import { useEffect, useRef, useState } from 'react';
import { onApiActivity } from '../../../lib/api-client.ts';
import type { Session } from '../../../lib/session/session.ts';
import {
  afterActivity,
  afterDownload,
  deadlinesFromSession,
  type SessionPhase,
  type SessionTimer,
  startSessionTimer,
} from '../utils/session-timer.ts';

export interface SessionTimerState {
  phase: SessionPhase;
  /** A download started: the timer gives 30 minutes (spec public-and-guest §4). */
  noteDownload(): void;
}

/** Times the session from each answer of the BFF; every successful call restarts the idle period. */
export function useSessionTimer(session: Session): SessionTimerState {
  const [phase, setPhase] = useState<SessionPhase>('active');
  const timer = useRef<SessionTimer | null>(null);

  useEffect(() => {
    const started = startSessionTimer(deadlinesFromSession(session, Date.now()), setPhase);
    timer.current = started;
    const stopListening = onApiActivity(() => started.update(afterActivity(started.deadlines, Date.now())));
    return () => {
      stopListening();
      started.stop();
    };
  }, [session]);

  return {
    phase,
    noteDownload() {
      const current = timer.current;
      current?.update(afterDownload(current.deadlines, Date.now()));
    },
  };
}
