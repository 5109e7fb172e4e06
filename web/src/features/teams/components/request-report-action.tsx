import { useEffect, useState } from 'react';
import { Loading } from '../../../components/ui/loading.tsx';
import { TEAM_REPORT_TEXT, TEAMS_TEXT } from '../../../lib/labels/teams.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { type TeamDetail, useTeam } from '../api/get-team.ts';
import RequestReportDialog from './request-report-dialog.tsx';

export interface RequestReportActionProps {
  teamId: string;
  onClose: () => void;
  /** The request was made: the note to show when the report comes later, none when it is ready (a toast said so). */
  onRequested: (note: string | null) => void;
  /** The request cannot be made: the reason, to show as 'Failed'. */
  onRefused: (text: string) => void;
}

/**
 * Request Report from the Teams page (spec coach-shell §2.6 "report-type request"): the team page's request dialog,
 * opened for the one team selected once its members and rules are read. A team whose report is already requested or
 * available is refused (the team page disables its button), and one with no members with 'You cannot have 0 members' (§5).
 */
export default function RequestReportAction({ teamId, onClose, onRequested, onRefused }: RequestReportActionProps) {
  const { data, error } = useTeam(teamId);
  // The team as first read decides: the request itself refreshes it (then already requested) while the dialog is open.
  const [opened, setOpened] = useState<TeamDetail | null>(null);
  useEffect(() => {
    if (opened) return;
    if (error) onRefused(problemMessage(error));
    else if (!data) return;
    else if (!data.canRequestReport) onRefused(TEAMS_TEXT.alreadyRequested);
    else if (data.members.length === 0) onRefused(TEAM_REPORT_TEXT.zeroMembers);
    else setOpened(data);
  }, [opened, data, error, onRefused]);

  if (!opened) return error ? null : <Loading label="Loading the team" />;
  return <RequestReportDialog detail={opened} onClose={onClose} onRequested={onRequested} />;
}
