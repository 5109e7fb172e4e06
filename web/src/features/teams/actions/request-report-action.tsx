import { useEffect, useState } from 'react';
import { failedMessage, noteMessage } from '../../../components/data-table/action-messages.tsx';
import type { ActionProps } from '../../../components/data-table/table-actions.ts';
import { Loading } from '../../../components/ui/loading.tsx';
import { TEAM_REPORT_TEXT, TEAMS_TEXT } from '../../../lib/labels/teams.ts';
import { type TeamDetail, useTeam } from '../api/get-team.ts';
import RequestReportDialog from '../components/request-report-dialog.tsx';
import { type TeamActionProps, useOwnTeam } from './own-team.ts';

/**
 * Request Report from the Teams page (spec coach-shell §2.6 "report-type request"): the team page's request dialog,
 * opened for the one own team selected once its members and rules are read. A team whose report is already requested or
 * available is refused (the team page disables its button), and one with no members with 'You cannot have 0 members' (§5).
 */
export default function RequestReportAction(props: TeamActionProps) {
  const team = useOwnTeam(props, 'request a report for');
  return team ? <RequestReport teamId={team.id} finish={props.finish} /> : null;
}

function RequestReport({ teamId, finish }: { teamId: string; finish: ActionProps<unknown>['finish'] }) {
  const { data, error } = useTeam(teamId);
  // The team as first read decides: the request itself refreshes it (then already requested) while the dialog is open.
  const [opened, setOpened] = useState<TeamDetail | null>(null);
  useEffect(() => {
    if (opened) return;
    if (error) finish(failedMessage(error));
    else if (!data) return;
    else if (!data.canRequestReport) finish(noteMessage(TEAMS_TEXT.alreadyRequested, 'Failed'));
    else if (data.members.length === 0) finish(noteMessage(TEAM_REPORT_TEXT.zeroMembers, 'Failed'));
    else setOpened(data);
  }, [opened, data, error, finish]);

  if (!opened) return error ? null : <Loading label="Loading the team" />;
  // The request was made: a note when the report comes later, none when it is ready (a toast said so).
  return (
    <RequestReportDialog
      detail={opened}
      onClose={() => finish()}
      onRequested={(requested) => finish(requested ? noteMessage(requested, 'Success') : undefined)}
    />
  );
}
