import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { fetchSession, sessionAtom } from '../../../lib/session/session.ts';
import { signIn } from '../api/auth-calls.ts';
import { type LoginNotice, useLoginNotice } from '../hooks/use-login-notice.ts';
import { ResetLinkDialog } from './reset-link-dialog.tsx';
import './auth.css';

type Opener = 'Forgot Password?' | 'New Account?';

/** The Login page (spec public-and-guest §2 "Login", §4 "Login", §5, §6, §8 "Login"). */
export function LoginForm() {
  usePageTitle('Login');
  const setSession = useSetAtom(sessionAtom);
  const [, navigate] = useLocation();
  const handedOver = useLoginNotice();
  // Kept from the first render: a later replace-navigation to /login drops the history state.
  const [notice, setNotice] = useState<LoginNotice | null>(handedOver);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Opener | null>(null);

  // spec §2: a visitor who already has a session goes to the dashboard.
  useEffect(() => {
    const controller = new AbortController();
    fetchSession(controller.signal)
      .then((session) => {
        if (!session) return;
        setSession(session);
        navigate('/dashboard', { replace: true });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [navigate, setSession]);

  // spec §5: Sign In is disabled until email and password (and the code, when asked for) are entered.
  const ready = email.trim() !== '' && password !== '' && (!needsCode || code.trim() !== '');

  async function submit() {
    if (!ready || pending) return;
    setPending(true);
    setError(null);
    setNotice(null);
    const answer = await signIn({ email, password, ...(needsCode ? { twoFactorCode: code.trim() } : {}) });
    setPending(false);
    if (answer.outcome === 'signedIn') {
      setSession(answer.session);
      navigate('/dashboard', { replace: true });
    } else if (answer.outcome === 'twoFactorRequired') {
      setNeedsCode(true);
    } else {
      setError(answer.message);
    }
  }

  return (
    <main className="page auth-page">
      <h1>Coach Portal Login</h1>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Form
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={setEmail} />
        <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        {needsCode ? (
          <TextField
            label="Authenticator Code"
            name="twoFactorCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            description="Enter the 6-digit code from your authenticator app."
            value={code}
            onChange={setCode}
          />
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" isDisabled={!ready}>
          Sign In
        </Button>
      </Form>
      <div className="row auth-page__links">
        <Button variant="quiet" onPress={() => setDialog('Forgot Password?')}>
          Forgot Password?
        </Button>
        <Button variant="quiet" onPress={() => setDialog('New Account?')}>
          New Account?
        </Button>
      </div>
      <ResetLinkDialog
        title={dialog}
        onClose={() => setDialog(null)}
        onSent={(message) => {
          setDialog(null);
          setNotice({ tone: 'success', text: message });
        }}
      />
    </main>
  );
}
