import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { submissionAnswered, submissionKey } from '../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../lib/use-run-on-mount.ts';
import { useRevokeTeamSco } from '../api/revoke-team-sco.ts';
import type { TeamActionProps } from './own-team.ts';

/** Revoke SCO (spec coach-shell §2.6, §4 SCO, §8): of the one team selected. */
export default function RevokeScoAction({ rows, finish }: TeamActionProps) {
  const team = rows[0];
  useRunOnMount(() => {
    if (!team) finish();
  });
  return team ? <RevokeScoDialog team={team} onClose={() => finish()} /> : null;
}

/**
 * The coaches the team was given to, each taken back on its own; only the granting coach can revoke. A failure is
 * 'SCO revoking failed: {error}'.
 */
function RevokeScoDialog({ team, onClose }: { team: TeamRow; onClose: () => void }) {
  const revoke = useRevokeTeamSco();
  const failure = revoke.data?.failed[0]?.message ?? (revoke.error ? problemMessage(revoke.error) : null);
  const take = (coachId: string, coachName: string) => {
    const body = { ids: [team.id], coachId };
    revoke.mutate(
      { body, params: submissionKey('revokeTeamSco', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('revokeTeamSco');
          if (result.succeeded < result.total) return;
          showToast(`${team.name} taken back from ${coachName}.`, 'success', TEAMS_TOAST_MS);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title="Revoke Secondary Coach Ownership" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className="stack">
        {team.isReceived || team.givenTo.length === 0 ? (
          <p>
            {team.isReceived ? 'Only the coach who gave you this team can revoke it.' : `${team.name} has not been given to another coach.`}
          </p>
        ) : (
          <>
            <p>
              <strong>{team.name}</strong> was given to:
            </p>
            <ul className="revoke-list">
              {team.givenTo.map((coach) => {
                const coachName = `${coach.name} ${coach.surname}`;
                return (
                  <li key={coach.id} className="revoke-list__item">
                    <span>{coachName}</span>
                    <Button variant="danger" isPending={revoke.isPending} onPress={() => take(coach.id, coachName)}>
                      Revoke<span className="visually-hidden"> {coachName}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" autoFocus onPress={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
