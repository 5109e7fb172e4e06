import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { REPORT_FORMAT_LABELS, TEAMS_TEXT } from '../../../lib/labels/teams.ts';
import { problemCode, problemMessage } from '../../../lib/problem.ts';
import { type TeamReportFormat, useDownloadTeamReport } from '../api/download-team-report.ts';

/** A failed report download: the report-generation failure names its reports (spec coach-shell §8). */
export type ReportFailure = { kind: 'notGenerated'; reports: string[] } | { kind: 'failed'; message: string };

export interface TeamReportDownloadsProps {
  team: Pick<TeamRow, 'id' | 'name' | 'reportDownloads'>;
  toastMs: number;
  onFailure: (failure: ReportFailure) => void;
  /** A download started (true) or ended (false): the team page shows a modal meanwhile. */
  onBusy?: (busy: boolean) => void;
}

/** The report links of a team (PDF, and PPTX where offered): 'Downloading...' while the file comes (spec §2.6, §2.7, §8). */
export function TeamReportDownloads({ team, toastMs, onFailure, onBusy }: TeamReportDownloadsProps) {
  return (
    <span className="team-downloads">
      {team.reportDownloads.map(({ format }) => (
        <ReportDownloadButton key={format} team={team} format={format} toastMs={toastMs} onFailure={onFailure} onBusy={onBusy} />
      ))}
    </span>
  );
}

function ReportDownloadButton({ team, format, toastMs, onFailure, onBusy }: TeamReportDownloadsProps & { format: TeamReportFormat }) {
  const download = useDownloadTeamReport(team.id, format);
  const label = REPORT_FORMAT_LABELS[format];
  const start = () => {
    showToast(TEAMS_TEXT.downloading, 'info', toastMs);
    onBusy?.(true);
    download.mutate(undefined, {
      onError: (error) =>
        onFailure(
          problemCode(error) === 'report_generation_failed'
            ? { kind: 'notGenerated', reports: [`${team.name} (${label})`] }
            : { kind: 'failed', message: problemMessage(error) },
        ),
      onSettled: () => onBusy?.(false),
    });
  };
  return (
    <Button variant="quiet" className="team-downloads__link" isPending={download.isPending} onPress={start}>
      {download.isPending ? (
        TEAMS_TEXT.downloading
      ) : (
        <>
          {label}
          <span className="visually-hidden"> report of {team.name}</span>
        </>
      )}
    </Button>
  );
}

/** The body of the 'Failed' alert of a report download. */
export function ReportFailureText({ failure }: { failure: ReportFailure }) {
  if (failure.kind === 'failed') return <p>{failure.message}</p>;
  return (
    <>
      <p>{TEAMS_TEXT.notGenerated}</p>
      <ul>
        {failure.reports.map((report) => (
          <li key={report}>{report}</li>
        ))}
      </ul>
    </>
  );
}
