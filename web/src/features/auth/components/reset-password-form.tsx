import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { isAcceptablePassword, matchState, PASSWORD_RULE_TEXT } from '../../../lib/password/password-rule.ts';
import { usePasswordScore } from '../../../lib/password/use-password-score.ts';
import { problemCode, problemMessage } from '../../../lib/problem.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { loginNoticeState } from '../hooks/use-login-notice.ts';
import { resetCodeFromQuery } from '../utils/reset-code.ts';
import './auth.css';

// spec public-and-guest §5 "Password (reset)".
const UPDATE_FAILED = 'Update failed - there is an issue with the new password - please check and fix.';
/** The reset link names no account: with its address, the BFF signs the account out everywhere (contract: resetPassword). */
export const RESET_EMAIL_TEXT = {
  label: 'E-mail address',
  description: 'Optional: with your address, every browser where your account is signed in is signed out.',
} as const;

/** The Reset password page (spec public-and-guest §2 "Reset password", §5, §8 "Reset"). */
export function ResetPasswordForm() {
  usePageTitle('Reset Password');
  const [, navigate] = useLocation();
  const code = resetCodeFromQuery(useSearch());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useResetPassword();
  // The rule check's own message; a refusal by the BFF is the mutation's error.
  const [ruleError, setRuleError] = useState<string | null>(null);
  const error = ruleError ?? (reset.isError ? problemMessage(reset.error) : null);
  const score = usePasswordScore(password);
  const secure = isAcceptablePassword(password, score);
  const match = matchState(password, confirmation);

  // A failure belongs to the attempt that caused it: it goes as soon as either field changes.
  function edit(setValue: (value: string) => void) {
    return (value: string) => {
      setValue(value);
      setRuleError(null);
      if (reset.isError) reset.reset();
    };
  }

  function submit() {
    if (!code || reset.isPending) return;
    // spec §5: an invalid or unconfirmed password is not sent.
    if (!secure || match !== 'same') {
      reset.reset();
      setRuleError(UPDATE_FAILED);
      return;
    }
    setRuleError(null);
    reset.mutate(
      { body: { code, newPassword: password, confirmPassword: confirmation, ...(email.trim() && { email: email.trim() }) } },
      {
        onSuccess: (answer) => navigate('/login', { state: loginNoticeState({ tone: 'success', text: answer.message }) }),
        onError: (failure) => {
          // spec §8 "Reset": the server's error is shown and the visitor goes to login.
          if (problemCode(failure) === 'reset_failed') {
            navigate('/login', { state: loginNoticeState({ tone: 'error', text: problemMessage(failure) }) });
          }
        },
      },
    );
  }

  if (!code) {
    return (
      <main className="page auth-page">
        <h1>Reset Password</h1>
        <Alert tone="error">This reset link is incomplete. Please use the link from the e-mail exactly as it was sent.</Alert>
        <p>
          <Link href="/login">Go to the login page</Link> to request a new link.
        </p>
      </main>
    );
  }

  return (
    <main className="page auth-page">
      <h1>Reset Password</h1>
      <Form
        aria-label="Reset password"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={RESET_EMAIL_TEXT.label}
          name="email"
          type="email"
          autoComplete="username"
          description={RESET_EMAIL_TEXT.description}
          maxLength={254}
          value={email}
          onChange={edit(setEmail)}
        />
        <PasswordField
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          description={PASSWORD_RULE_TEXT}
          value={password}
          onChange={edit(setPassword)}
        />
        <p className="auth-page__live auth-page__live--good" role="status">
          {secure ? 'Password secure' : ''}
        </p>
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={edit(setConfirmation)}
        />
        <p className={`auth-page__live auth-page__live--${match === 'same' ? 'good' : 'bad'}`} role="status">
          {match === 'same' ? 'Passwords match' : match === 'different' ? "Passwords don't yet match" : ''}
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit">Update Password</Button>
      </Form>
    </main>
  );
}
