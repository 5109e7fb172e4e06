import { useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type SignedInSession, useSignedInSessions } from '../api/list-signed-in-sessions.ts';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions.ts';
import { SectionSkeleton } from './profile-skeleton.tsx';
import { PROFILE_TOAST_MS } from './profile-text.ts';

export const SESSIONS_TEXT = {
  intro: 'Every browser where this account is signed in. A password change signs out all the others.',
  thisDevice: 'This device',
  support: 'Support, signed in as you',
  signOutOthers: 'Sign out of all other sessions',
  confirmTitle: 'Sign out of all other sessions?',
  confirm: 'Every other browser where this account is signed in is signed out at once. This one stays signed in.',
  confirmButton: 'Sign out',
  signedOut: 'You are signed out of all other sessions.',
  onlyThis: 'This account is signed in nowhere else.',
} as const;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "Active now" within the minute, else "5 minutes ago", "2 hours ago", "yesterday". */
export function lastSeenText(iso: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return iso;
  if (elapsed < 60_000) return 'Active now';
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? ['minute', 60_000];
  return `Active ${relative.format(-Math.floor(elapsed / size), unit)}`;
}

/**
 * Where you're signed in: each session of this account with its browser, its network (coarse) and its last
 * activity, this one marked; "Sign out of all other sessions" asks first and ends the others at once.
 */
export function SessionsSection() {
  const { data, error, isPending, refetch } = useSignedInSessions();
  const signOut = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = data?.items.filter((session) => !session.current).length ?? 0;

  const signOutOthers = () => {
    setConfirming(false);
    signOut.mutate({}, { onSuccess: () => showToast(SESSIONS_TEXT.signedOut, 'success', PROFILE_TOAST_MS) });
  };

  return (
    <div className="profile__sessions">
      <p>{SESSIONS_TEXT.intro}</p>
      {isPending ? <SectionSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data ? (
        <ul className="profile__session-list" aria-label="Signed-in sessions">
          {data.items.map((session, index) => (
            // The list has no ids (a session's id never leaves the BFF): its order is stable while it is shown.
            // biome-ignore lint/suspicious/noArrayIndexKey: no other key exists
            <SessionRow key={index} session={session} />
          ))}
        </ul>
      ) : null}
      {data && others === 0 ? <p className="profile__session-note">{SESSIONS_TEXT.onlyThis}</p> : null}
      <ProblemAlert error={signOut.error} />
      {others > 0 ? (
        <div>
          <Button variant="secondary" onPress={() => setConfirming(true)} isPending={signOut.isPending}>
            {SESSIONS_TEXT.signOutOthers}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        title={SESSIONS_TEXT.confirmTitle}
        isOpen={confirming}
        confirmLabel={SESSIONS_TEXT.confirmButton}
        isDestructive
        onConfirm={signOutOthers}
        onCancel={() => setConfirming(false)}
      >
        {SESSIONS_TEXT.confirm}
      </ConfirmDialog>
    </div>
  );
}

function SessionRow({ session }: { session: SignedInSession }) {
  return (
    <li className="profile__session">
      <span className="profile__session-browser">
        {session.browser}
        {session.current ? <Badge>{SESSIONS_TEXT.thisDevice}</Badge> : null}
        {session.impersonation ? <Badge tone="neutral">{SESSIONS_TEXT.support}</Badge> : null}
      </span>
      <span className="profile__session-details">
        {session.network} · {session.current ? 'Active now' : lastSeenText(session.lastSeenAt)} · signed in{' '}
        {formatDateTime(session.createdAt)}
      </span>
    </li>
  );
}
