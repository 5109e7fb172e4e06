import { useHistoryState } from 'wouter/use-browser-location';

/** A message another auth page hands to the login page (e.g. after a password reset, spec §8 "Reset"). */
export interface LoginNotice {
  tone: 'success' | 'error';
  text: string;
}

export function loginNoticeState(notice: LoginNotice): { loginNotice: LoginNotice } {
  return { loginNotice: notice };
}

function isLoginNotice(value: unknown): value is LoginNotice {
  return (
    typeof value === 'object' &&
    value !== null &&
    'tone' in value &&
    (value.tone === 'success' || value.tone === 'error') &&
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
