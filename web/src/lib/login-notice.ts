/** A message handed to the login page through the navigation state (after a password reset, at session expiry). */
export interface LoginNotice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

export function loginNoticeState(notice: LoginNotice): { loginNotice: LoginNotice } {
  return { loginNotice: notice };
}

/** The contract's session-ended text (problem `session_ended`), shown on the login page after the logout at expiry. */
export const SESSION_ENDED_NOTICE: LoginNotice = { tone: 'info', text: 'Your session has ended. Please log in again.' };
