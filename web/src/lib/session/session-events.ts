// What the BFF's answers tell the session (lib/api-client.ts reports them): the session ended (401 `session_ended`),
// or a call went through (the coach at work). The session's parts listen here.
type SessionListener = () => void;
const sessionEndedListeners = new Set<SessionListener>();
const activityListeners = new Set<SessionListener>();

/** Called when the BFF says the session is gone (401 `session_ended`): the app goes to the login page. */
export function onSessionEnded(listener: SessionListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Called after every successful call: the session timer restarts (spec public-and-guest §4 "Session"). */
export function onApiActivity(listener: SessionListener): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

/** The BFF answered 401 `session_ended`. */
export function reportSessionEnded(): void {
  for (const listener of sessionEndedListeners) listener();
}

/** A call the coach made went through. */
export function reportApiActivity(): void {
  for (const listener of activityListeners) listener();
}
