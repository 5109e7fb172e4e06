import { useHistoryState } from 'wouter/use-browser-location';
import type { LoginNotice } from '../../../lib/login-notice.ts';

export { type LoginNotice, loginNoticeState } from '../../../lib/login-notice.ts';

function isLoginNotice(value: unknown): value is LoginNotice {
  return (
    typeof value === 'object' &&
    value !== null &&
    'tone' in value &&
    (value.tone === 'success' || value.tone === 'error' || value.tone === 'info') &&
    'text' in value &&
    typeof value.text === 'string'
  );
}

/** The notice carried in the history entry of the login page, if any. */
export function useLoginNotice(): LoginNotice | null {
  const state: unknown = useHistoryState();
  if (typeof state !== 'object' || state === null || !('loginNotice' in state)) return null;
  return isLoginNotice(state.loginNotice) ? state.loginNotice : null;
}
