import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lazyWithPreload, preloadOnIntent } from '../../../lib/lazy-with-preload.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { signedInAtom } from '../../../lib/session/session.ts';
import { sessionQueryOptions } from '../../../lib/session/session-api.ts';
import { isEmail } from '../../../lib/validation.ts';
import { signInBody, useSignIn } from '../api/create-session.ts';
import { type LoginNotice, useLoginNotice } from '../hooks/use-login-notice.ts';
import './auth.css';

// The e-mail modal loads when the pointer or the keyboard reaches a link that opens it, not with the page.
const ResetLinkDialog = lazyWithPreload(async () => ({ default: (await import('./reset-link-dialog.tsx')).ResetLinkDialog }));

type Opener = 'Forgot Password?' | 'New Account?';

// spec public-and-guest §8 "Login": the one message for credentials that cannot be right.
const BAD_CREDENTIALS = 'Please check if password and username are correct';

/** The Login page (spec public-and-guest §2 "Login", §4 "Login", §5, §6, §8 "Login"). */
export function LoginForm() {
  usePageTitle('Login');
  const signedIn = useSetAtom(signedInAtom);
  const signIn = useSignIn();
  const existing = useQuery(sessionQueryOptions()).data;
  const [, navigate] = useLocation();
  const handedOver = useLoginNotice();
  // Kept from the first render: a later replace-navigation to /login drops the history state.
  const [notice, setNotice] = useState<LoginNotice | null>(handedOver);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [dialog, setDialog] = useState<Opener | null>(null);
  // What is not an e-mail address is refused here, with the spec's message, rather than sent.
  const [notAnAddress, setNotAnAddress] = useState(false);

  // spec §2: a visitor who already has a session goes to the dashboard.
  useEffect(() => {
    if (!existing) return;
    signedIn(existing);
    navigate('/dashboard', { replace: true });
  }, [existing, navigate, signedIn]);

  // spec §5: Sign In is disabled until email and password (and the code, when asked for) are entered.
  const ready = email.trim() !== '' && password !== '' && (!needsCode || code.trim() !== '');

  function submit() {
    if (!ready || signIn.isPending) return;
    setNotice(null);
    signIn.reset();
    setNotAnAddress(!isEmail(email));
    if (!isEmail(email)) return;
    signIn.mutate(
      { body: signInBody({ email, password, ...(needsCode ? { twoFactorCode: code.trim() } : {}) }) },
      {
        onSuccess: (answer) => {
          if (answer.outcome === 'signedIn') navigate('/dashboard', { replace: true });
          else setNeedsCode(true);
        },
      },
    );
  }

  return (
    <main className="page auth-page">
      <h1>Coach Portal Login</h1>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Form
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
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
        {notAnAddress ? <Alert tone="error">{BAD_CREDENTIALS}</Alert> : null}
        {signIn.isError ? <Alert tone="error">{problemMessage(signIn.error)}</Alert> : null}
        <Button type="submit" isDisabled={!ready}>
          Sign In
        </Button>
      </Form>
      <div className="row auth-page__links">
        <Button variant="quiet" {...preloadOnIntent(ResetLinkDialog.preload)} onPress={() => setDialog('Forgot Password?')}>
          Forgot Password?
        </Button>
        <Button variant="quiet" {...preloadOnIntent(ResetLinkDialog.preload)} onPress={() => setDialog('New Account?')}>
          New Account?
        </Button>
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <ResetLinkDialog
            title={dialog}
            onClose={() => setDialog(null)}
            onSent={(message) => {
              setDialog(null);
              setNotice({ tone: 'success', text: message });
            }}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
