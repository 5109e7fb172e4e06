import { useId, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { TEAM_REPORT_TYPE_LABELS } from '../../../lib/labels/credits.ts';
import { leaderQuestion, requestedNote, TEAM_PAGE_TOAST_MS, TEAM_REPORT_TEXT } from '../../../lib/labels/teams.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import type { TeamDetail, TeamReportType } from '../api/get-team.ts';
import { useRequestTeamReport } from '../api/request-team-report.ts';

export interface RequestReportDialogProps {
  detail: TeamDetail;
  onClose: () => void;
  /** The request was made: a note when the report will come later ("as soon as possible"), none when it is ready. */
  onRequested: (note: string | null) => void;
}

const TYPES: readonly TeamReportType[] = ['Ennea', 'IMf', 'Full'];

/**
 * The report request (spec coach-shell §4 "Team report", "Team leaders", §5, §6): Enneagram, Maturity or Combined
 * (a level 1 coach only Enneagram, preselected), a due date later than today (the BFF's tomorrow, right across
 * month and year ends) up to 2999-12-31, then a confirmation when the team has no leader or several.
 */
export default function RequestReportDialog({ detail, onClose, onRequested }: RequestReportDialogProps) {
  const { team, allowedReportTypes, dueDateMin, dueDateMax, leaderCount } = detail;
  const [type, setType] = useState<TeamReportType | null>(allowedReportTypes.length === 1 ? (allowedReportTypes[0] ?? null) : null);
  const [dueDate, setDueDate] = useState('');
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const request = useRequestTeamReport(team.id);
  const submission = useSubmission('requestTeamReport');
  const dateId = useId();

  const dateError =
    dueDate === ''
      ? 'Please choose a due date.'
      : dueDate < dueDateMin
        ? TEAM_REPORT_TEXT.dueDateNotFuture
        : dueDate > dueDateMax
          ? `The due date cannot be after ${dueDateMax}.`
          : null;
  const typeError = type === null ? 'Please choose a report type.' : null;

  const send = () => {
    if (type === null) return;
    const path = { teamId: team.id };
    const body = { reportType: type, dueDate };
    submission.submit([path, body], (params) =>
      request.mutateAsync({ params: { path, ...params }, body }).then(
        (result) => {
          if (result.reportReady) {
            showToast(TEAM_REPORT_TEXT.reportReady, 'success', TEAM_PAGE_TOAST_MS);
            onRequested(null);
          } else onRequested(requestedNote(result.reportRequestedDisplay));
        },
        (failure: unknown) => {
          setConfirming(false);
          throw failure;
        },
      ),
    );
  };
  const submit = () => {
    setChecked(true);
    if (dateError || typeError) return;
    // spec §4 "Team leaders": exactly one leader proceeds; none or several ask first.
    if (leaderCount === 1) send();
    else setConfirming(true);
  };

  return (
    <Dialog
      title={confirming ? 'Team leaders' : TEAM_REPORT_TEXT.requestReport}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {confirming ? (
        <div className="stack">
          <p>{leaderQuestion(leaderCount)}</p>
          <ProblemAlert error={request.error} />
          <div className="dialog__actions">
            <Button variant="secondary" autoFocus onPress={() => setConfirming(false)}>
              Back
            </Button>
            <Button onPress={send} isPending={submission.isPending}>
              {submission.isPending ? 'Requesting...' : 'Proceed'}
            </Button>
          </div>
        </div>
      ) : (
        <DialogForm onSubmit={submit}>
          <p>
            The report for <strong>{team.name}</strong> ({detail.members.length} {detail.members.length === 1 ? 'member' : 'members'}).
          </p>
          <RadioGroup
            label="Report type"
            value={type}
            onChange={(value) => setType(value as TeamReportType)}
            options={TYPES.map((id) => ({ id, label: TEAM_REPORT_TYPE_LABELS[id], isDisabled: !allowedReportTypes.includes(id) }))}
            isInvalid={checked && typeError !== null}
            errorMessage={typeError ?? undefined}
          />
          <div className="field">
            <label className="field__label" htmlFor={dateId}>
              Due date
            </label>
            <input
              id={dateId}
              className="field__input"
              type="date"
              min={dueDateMin}
              max={dueDateMax}
              value={dueDate}
              aria-invalid={checked && dateError !== null ? true : undefined}
              aria-describedby={checked && dateError ? `${dateId}-error` : undefined}
              onChange={(event) => setDueDate(event.target.value)}
            />
            {checked && dateError ? (
              <p id={`${dateId}-error`} className="field__error">
                {dateError}
              </p>
            ) : null}
          </div>
          {detail.charge.message ? <p className="team-report__charge">{detail.charge.message}</p> : null}
          <ProblemAlert error={request.error} />
          <div className="dialog__actions">
            <Button variant="secondary" onPress={onClose}>
              Cancel
            </Button>
            <Button type="submit" isPending={submission.isPending}>
              {submission.isPending ? 'Requesting...' : TEAM_REPORT_TEXT.requestReport}
            </Button>
          </div>
        </DialogForm>
      )}
    </Dialog>
  );
}
