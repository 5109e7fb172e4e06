import { useSetAtom } from 'jotai';
import { $api } from '../../../lib/query.ts';
import { signedInAtom } from '../../../lib/session/session.ts';

export interface Credentials {
  email: string;
  password: string;
  twoFactorCode?: string;
}

/** The body of createSession: the e-mail as typed but trimmed, the code only when asked for. */
export const signInBody = ({ email, password, twoFactorCode }: Credentials) => ({
  email: email.trim(),
  password,
  ...(twoFactorCode ? { twoFactorCode } : {}),
});

/**
 * createSession (spec public-and-guest §4 "Login"): signed in (the session atoms take the session),
 * or a code is needed; wrong code, blocked and bad credentials come as problems whose `detail` is
 * the spec's message (§6, §8).
 */
export function useSignIn() {
  const signedIn = useSetAtom(signedInAtom);
  return $api.useMutation('post', '/api/session', {
    onSuccess: (answer) => {
      if (answer.outcome === 'signedIn') signedIn(answer.session);
    },
  });
}
