import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isAcceptablePassword, matchState, PASSWORD_RULE_TEXT } from '../../../lib/password/password-rule.ts';
import type { PasswordDraft } from '../utils/profile-draft.ts';
import { ProfileSection } from './profile-section.tsx';
import { LIMITS } from './profile-text.ts';

export interface PasswordSectionProps {
  /** 'Password', or with the assistant's e-mail while an assistant is signed in (spec §2.12). */
  label: string;
  password: PasswordDraft;
  /** The strength estimator's score of the new password (the reset page's), undefined while it loads. */
  score: number | undefined;
  onChange: (password: PasswordDraft) => void;
  /** The sentences of a refused save at the password fields (`password.current`, `password.new`, `password.confirm`). */
  refused?: Readonly<Record<string, string>>;
}

/** The BFF's refusals of a password change by code: the field each is about (spec §5 "Profile save"). */
export const PASSWORD_REFUSALS: Readonly<Record<string, string>> = {
  current_password_incorrect: 'password.current',
  weak_password: 'password.new',
  password_mismatch: 'password.confirm',
};

/**
 * Password (spec coach-shell §5): current, new and confirmation, with the reset page's strength rule; a refused save's
 * sentence at the field it is about.
 */
export function PasswordSection({ label, password, score, onChange, refused = {} }: PasswordSectionProps) {
  const set = (key: keyof PasswordDraft) => (value: string) => onChange({ ...password, [key]: value });
  const refusal = (key: keyof PasswordDraft) => ({
    isInvalid: refused[`password.${key}`] !== undefined,
    errorMessage: refused[`password.${key}`],
  });
  const secure = isAcceptablePassword(password.new, score);
  const match = matchState(password.new, password.confirm);
  return (
    <ProfileSection id="password" title={label}>
      <div className="profile__grid profile__grid--password">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={password.current}
          onChange={set('current')}
          maxLength={LIMITS.password}
          {...refusal('current')}
        />
        <div>
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            description={PASSWORD_RULE_TEXT}
            value={password.new}
            onChange={set('new')}
            maxLength={LIMITS.password}
            {...refusal('new')}
          />
          <p className="profile__live profile__live--good" role="status">
            {secure ? 'Password secure' : ''}
          </p>
        </div>
        <div>
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            value={password.confirm}
            onChange={set('confirm')}
            maxLength={LIMITS.password}
            {...refusal('confirm')}
          />
          <p className={`profile__live profile__live--${match === 'same' ? 'good' : 'bad'}`} role="status">
            {match === 'same' ? 'Passwords match' : match === 'different' ? "Passwords don't yet match" : ''}
          </p>
        </div>
      </div>
    </ProfileSection>
  );
}
