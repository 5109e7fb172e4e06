import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import { coachDetailsSavedAtom } from '../../../lib/session/session.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { type TwoFactorSetup, useStartTwoFactorSetup } from '../api/start-two-factor-setup.ts';
import { useVerifyTwoFactor } from '../api/verify-two-factor.ts';
import { PROFILE_TOAST_MS } from './profile-text.ts';

// spec coach-shell §5 "Two-factor code wrong".
export const TWO_FACTOR_TEXT = {
  codeIncorrect: 'Code not correct - please try again',
  on: 'Two-factor authentication is on.',
  off: 'Two-factor authentication is off.',
  // spec: none for turning it off; one click would drop the protection, so the portal asks first.
  confirmOffTitle: 'Turn off two-factor authentication?',
  confirmOff: 'Signing in will ask only for your password, without a code from your authenticator app.',
  confirmOffButton: 'Turn off',
} as const;
const CODE = /^\d{6}$/;

/**
 * Two-Factor Authentication (spec coach-shell §3 "Two-factor setup", §4 "Two-factor"): turning it on shows the QR
 * code and the secret; a verified code completes the setup and hides the setup part; it can be turned off.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const start = useStartTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const twoFactorSaved = useSetAtom(coachDetailsSavedAtom);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);

  const turnOn = () => start.mutate({}, { onSuccess: setSetup });
  const turnOff = () => {
    setConfirmingOff(false);
    disable.mutate(
      {},
      {
        onSuccess: () => {
          twoFactorSaved({ twoFactorEnabled: false });
          showToast(TWO_FACTOR_TEXT.off, 'success', PROFILE_TOAST_MS);
        },
      },
    );
  };

  if (enabled && !setup) {
    return (
      <div className="profile__two-factor">
        <p>
          <span className="badge">On</span> Signing in asks for a code from your authenticator app.
        </p>
        <ProblemAlert error={disable.error} />
        <div>
          <Button variant="secondary" onPress={() => setConfirmingOff(true)} isPending={disable.isPending}>
            Turn off two-factor authentication
          </Button>
        </div>
        <ConfirmDialog
          title={TWO_FACTOR_TEXT.confirmOffTitle}
          isOpen={confirmingOff}
          confirmLabel={TWO_FACTOR_TEXT.confirmOffButton}
          isDestructive
          onConfirm={turnOff}
          onCancel={() => setConfirmingOff(false)}
        >
          {TWO_FACTOR_TEXT.confirmOff}
        </ConfirmDialog>
      </div>
    );
  }
  return (
    <div className="profile__two-factor">
      <p>
        <span className="badge badge--neutral">Off</span> Add a code from an authenticator app to your password when you sign in.
      </p>
      <ProblemAlert error={start.error} />
      {setup ? (
        <SetupSteps
          setup={setup}
          onDone={() => {
            setSetup(null);
            twoFactorSaved({ twoFactorEnabled: true });
            showToast(TWO_FACTOR_TEXT.on, 'success', PROFILE_TOAST_MS);
          }}
        />
      ) : (
        <div>
          <Button onPress={turnOn} isPending={start.isPending}>
            Turn on two-factor authentication
          </Button>
        </div>
      )}
    </div>
  );
}

function SetupSteps({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(false);

  const submit = () => {
    if (verify.isPending) return;
    const entered = code.trim();
    // The contract takes 6 digits: anything else is the same wrong code, without a call.
    if (!CODE.test(entered)) return setWrong(true);
    setWrong(false);
    verify.mutate({ body: { code: entered } }, { onSuccess: onDone });
  };
  const message = wrong ? TWO_FACTOR_TEXT.codeIncorrect : verify.isError ? problemMessage(verify.error) : null;

  return (
    <div className="profile__two-factor-setup">
      <ol>
        <li>Scan this QR code with your authenticator app, or type the secret into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="profile__two-factor-keys">
        <img src={setup.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
        <p>
          Secret: <code className="profile__secret">{setup.secret}</code>
        </p>
      </div>
      <Form
        aria-label="Verify two-factor code"
        className="profile__two-factor-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(value) => {
            setCode(value);
            setWrong(false);
            if (verify.isError) verify.reset();
          }}
        />
        <Button type="submit" isPending={verify.isPending}>
          Verify
        </Button>
      </Form>
      {message ? <Alert tone="error">{message}</Alert> : null}
    </div>
  );
}
