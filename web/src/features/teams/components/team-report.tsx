import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { ChartPanelSkeleton } from '../../../components/charts/chart-panel-skeleton.tsx';
import { TruncatedText } from '../../../components/data-table/truncated-text.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HiddenColumnHeader } from '../../../components/ui/hidden-column-header.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ASSESSMENT_TYPE_LABELS } from '../../../lib/labels/assessments.ts';
import { TEAM_PAGE_TOAST_MS, TEAM_REPORT_TEXT, TEAMS_TEXT } from '../../../lib/labels/teams.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { submissionAnswered, submissionKey } from '../../../lib/submission-key.ts';
import { useCancelTeamReportRequest } from '../api/cancel-team-report-request.ts';
import { useDownloadTeamSummary } from '../api/download-team-summary.ts';
import { type TeamDetail, type TeamMember, useTeam } from '../api/get-team.ts';
import { useRemoveTeamMembers } from '../api/remove-team-members.ts';
import { useUpdateTeamMember } from '../api/update-team-member.ts';
import { ReportStatePill } from './report-state-pill.tsx';
import type { TeamReportMessage } from './team-report-alert.tsx';
import { type ReportFailure, ReportFailureText, TeamReportDownloads } from './team-report-downloads.tsx';
import { TeamReportSkeleton } from './team-report-skeleton.tsx';
import './teams.css';

// The dialogs load when first opened (the coach routes' 150 KB budget).
const RequestReportDialog = lazy(() => import('./request-report-dialog.tsx'));
const MemberCommentsDialog = lazy(() => import('./member-comments-dialog.tsx'));
// The team at a glance's code (the chart library with it) loads once the page has its team.
const TeamGlancePanel = lazy(() => import('./team-glance-panel.tsx'));
// The download's modal and the page's alerts: only when one is shown (the dialog code stays out of the page's first load).
const TeamReportAlert = lazy(() => import('./team-report-alert.tsx'));
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/ui/confirm-dialog.tsx')).ConfirmDialog }));

type Message = TeamReportMessage | null;

/**
 * The team report page (spec coach-shell §2.7, §4 "Team report", "Team leaders", §5, §8): the team's report state,
 * its members (leader toggle, comments, remove), Request and Cancel enabled by the state, the report links with a
 * modal that cannot be closed while a report downloads, and the summary spreadsheet. The heading and the page title are
 * the team's name.
 */
export function TeamReport({ teamId }: { teamId: string }) {
  const { data, error, isPending, refetch } = useTeam(teamId);
  const name = data?.team.name;
  usePageTitle(name ?? TEAM_REPORT_TEXT.title);
  const [, navigate] = useLocation();
  return (
    <section className="team-report stack" aria-labelledby="team-report-title">
      <header className="team-report__header">
        {/* The object first: the team's name is the heading, 'Team Report' (spec §2.7's title) the line above it. */}
        <hgroup className="team-report__heading">
          {name === undefined ? null : <p className="team-report__kicker">{TEAM_REPORT_TEXT.title}</p>}
          <h1 id="team-report-title">{name ?? TEAM_REPORT_TEXT.title}</h1>
          {data ? <TeamFacts team={data.team} /> : null}
        </hgroup>
        <Button variant="secondary" onPress={() => navigate('/teams')}>
          {TEAM_REPORT_TEXT.back}
        </Button>
      </header>
      {teamId === '' ? <Alert tone="error">No team was chosen: open a team from the Teams page.</Alert> : null}
      {teamId !== '' && isPending ? <TeamReportSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data ? <TeamReportContent detail={data} /> : null}
    </section>
  );
}

function TeamReportContent({ detail }: { detail: TeamDetail }) {
  const { team, members } = detail;
  const [message, setMessage] = useState<Message>(null);
  const [requesting, setRequesting] = useState(false);
  const [downloading, setDownloading] = useState(0);
  const cancel = useCancelTeamReportRequest(team.id);
  const summary = useDownloadTeamSummary(team.id);
  const fail = (body: ReactNode) => setMessage({ title: 'Failed', body: <p>{body}</p> });

  const request = () => {
    // spec §5: 'You cannot have 0 members'.
    if (members.length === 0) fail(TEAM_REPORT_TEXT.zeroMembers);
    else setRequesting(true);
  };
  const cancelRequest = () =>
    cancel.mutate(
      { params: { path: { teamId: team.id } } },
      {
        onSuccess: () => showToast(TEAM_REPORT_TEXT.requestCancelled, 'success', TEAM_PAGE_TOAST_MS),
        onError: (failure) => fail(problemMessage(failure)),
      },
    );
  const onReportFailure = (failure: ReportFailure) => setMessage({ title: 'Failed', body: <ReportFailureText failure={failure} /> });

  return (
    <>
      <section className="card team-report__report" aria-labelledby="team-report-status-title">
        <h2 id="team-report-status-title">Report</h2>
        <dl className="team-report__facts">
          <dt>Status</dt>
          <dd>
            <ReportStatus detail={detail} />
          </dd>
          {team.reportState === 'available' ? (
            <>
              <dt>Files</dt>
              <dd>
                <TeamReportDownloads
                  team={team}
                  toastMs={TEAM_PAGE_TOAST_MS}
                  onFailure={onReportFailure}
                  onBusy={(busy) => setDownloading((count) => count + (busy ? 1 : -1))}
                />
              </dd>
            </>
          ) : null}
        </dl>
        {detail.charge.message ? <p className="team-report__charge">{detail.charge.message}</p> : null}
        <div className="team-report__actions">
          <Button onPress={request} isDisabled={!detail.canRequestReport}>
            {TEAM_REPORT_TEXT.requestReport}
          </Button>
          <Button variant="secondary" onPress={cancelRequest} isDisabled={!detail.canCancelReport} isPending={cancel.isPending}>
            {TEAM_REPORT_TEXT.cancelRequest}
          </Button>
          <DownloadButton label={TEAM_REPORT_TEXT.downloadSummary} download={summary} />
        </div>
      </section>
      <Suspense fallback={<ChartPanelSkeleton />}>
        <TeamGlancePanel teamId={team.id} version={members.map((member) => `${member.id}:${member.completedAt ?? ''}`).join(',')} />
      </Suspense>
      <Members detail={detail} onFailure={fail} />
      <Suspense fallback={null}>
        {requesting ? (
          <RequestReportDialog
            detail={detail}
            onClose={() => setRequesting(false)}
            onRequested={(note) => {
              setRequesting(false);
              if (note) setMessage({ title: 'Success', body: <p>{note}</p> });
            }}
          />
        ) : null}
      </Suspense>
      {/* One alert for both: a failure replaces the download's modal in place (a second modal opened over it would stay hidden from assistive technology). */}
      {downloading > 0 || message !== null ? (
        <Suspense fallback={null}>
          <TeamReportAlert downloading={downloading > 0} message={message} onClose={() => setMessage(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Under the team's name, as a repository's description sits under its name: the project and the description. */
function TeamFacts({ team }: { team: TeamDetail['team'] }) {
  return (
    <p className="team-report__subtitle">
      <span>{`Project: ${team.project}`}</span>
      {team.description ? <span>{team.description}</span> : null}
    </p>
  );
}

/** spec §4: 'Not Requested'; requested with its type and due date; available. */
function ReportStatus({ detail: { team } }: { detail: TeamDetail }) {
  const detail =
    team.reportState === 'requested'
      ? `due ${team.reportDueDate ?? '-'}`
      : team.reportSuppliedAt
        ? `supplied ${team.reportSuppliedAt.slice(0, 10)}`
        : undefined;
  return <ReportStatePill state={team.reportState} requested={team.reportRequestedDisplay} {...(detail ? { detail } : {})} />;
}

function Members({ detail, onFailure }: { detail: TeamDetail; onFailure: (text: string) => void }) {
  const { team, members, membersLocked } = detail;
  const [commenting, setCommenting] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const update = useUpdateTeamMember(team.id);
  const remove = useRemoveTeamMembers(team.id);

  // The toggle shows the new value at once, while it is saved and the team read again.
  const [leaderDrafts, setLeaderDrafts] = useState<ReadonlyMap<string, boolean>>(new Map());
  const leaderShown = (member: TeamMember): boolean => leaderDrafts.get(member.id) ?? member.isTeamLeader;
  const setLeader = (member: TeamMember, isTeamLeader: boolean) => {
    setLeaderDrafts((drafts) => new Map(drafts).set(member.id, isTeamLeader));
    update.mutate(
      { params: { path: { teamId: team.id, memberId: member.id } }, body: { isTeamLeader } },
      {
        onError: (failure) => onFailure(problemMessage(failure)),
        onSettled: () =>
          setLeaderDrafts((drafts) => {
            const next = new Map(drafts);
            next.delete(member.id);
            return next;
          }),
      },
    );
  };
  const removeMember = (member: TeamMember) => {
    setRemoving(null);
    const body = { ids: [member.id] };
    remove.mutate(
      { params: { path: { teamId: team.id }, ...submissionKey('removeTeamMembers', [team.id, body]) }, body },
      {
        onSuccess: (result) => {
          submissionAnswered('removeTeamMembers');
          if (result.succeeded === result.total) showToast(TEAM_REPORT_TEXT.memberRemoved, 'success', TEAM_PAGE_TOAST_MS);
          else onFailure(result.failed.map((failure) => `${failure.name}: ${failure.message}`).join(' '));
        },
        onError: (failure) => onFailure(problemMessage(failure)),
      },
    );
  };

  return (
    <section className="team-members stack" aria-labelledby="team-members-title">
      <h2 id="team-members-title">Team members ({members.length})</h2>
      {membersLocked ? <Alert tone="info">{TEAM_REPORT_TEXT.membershipLocked}</Alert> : null}
      {members.length === 0 ? (
        <p>This team has no members yet. Add them from the Assessments page with 'Add To Team'.</p>
      ) : (
        <div className="team-members__scroll">
          <table className="team-members__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="team-members__wide">
                  Company
                </th>
                <th scope="col" className="team-members__wide">
                  Occupation
                </th>
                <th scope="col" className="team-members__wide">
                  Assessment
                </th>
                <th scope="col" className="team-members__wide">
                  Ennea
                </th>
                <th scope="col" className="team-members__wide">
                  Maturity
                </th>
                <th scope="col" className="team-members__leader-column">
                  Team leader
                </th>
                <th scope="col" className="team-members__wide">
                  Comments
                </th>
                {/* A team whose membership is locked offers no row actions at all, rather than disabled ones on every row. */}
                {membersLocked ? null : <HiddenColumnHeader>Actions</HiddenColumnHeader>}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    {/* One line: the name, then the member's project, quieter; each cut where the column ends. */}
                    <span className="team-members__who">
                      <TruncatedText className="team-members__name" text={member.displayName} />
                      {member.project ? <TruncatedText className="team-members__muted" text={member.project} /> : null}
                    </span>
                  </th>
                  <td className="team-members__wide">
                    <TruncatedText text={member.company || '-'} />
                  </td>
                  <td className="team-members__wide">
                    <TruncatedText text={member.occupation || '-'} />
                  </td>
                  <td className="team-members__wide team-members__nowrap">{ASSESSMENT_TYPE_LABELS[member.assessmentType]}</td>
                  <td className="team-members__wide team-members__nowrap">{member.enneaResult ?? '-'}</td>
                  <td className="team-members__wide team-members__nowrap">{member.scoreImf ?? '-'}</td>
                  <td className="team-members__leader-column">
                    {/* A native checkbox: the table's react-aria one would leave the shared table's chunk (the 150 KB budget). */}
                    <input
                      type="checkbox"
                      className="team-members__leader"
                      aria-label={`Team leader: ${member.displayName}`}
                      checked={leaderShown(member)}
                      disabled={membersLocked || update.isPending}
                      onChange={(event) => setLeader(member, event.currentTarget.checked)}
                    />
                  </td>
                  <td className="team-members__wide team-members__comments">
                    <TruncatedText text={member.memberComments || '-'} />
                  </td>
                  {membersLocked ? null : (
                    <td className="team-members__actions-cell">
                      {/* Shown on the row under the pointer or with the focus (teams.css); always on a touch screen. */}
                      <span className="team-members__actions">
                        <Button variant="quiet" onPress={() => setCommenting(member)}>
                          Comments<span className="visually-hidden"> of {member.displayName}</span>
                        </Button>
                        <Button variant="quiet" isPending={remove.isPending} onPress={() => setRemoving(member)}>
                          Remove<span className="visually-hidden"> {member.displayName}</span>
                        </Button>
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Suspense fallback={null}>
        {commenting ? <MemberCommentsDialog teamId={team.id} member={commenting} onClose={() => setCommenting(null)} /> : null}
        {removing ? (
          <ConfirmDialog
            title="Warning"
            isOpen
            confirmLabel="Remove"
            isDestructive
            onConfirm={() => removeMember(removing)}
            onCancel={() => setRemoving(null)}
          >
            {TEAMS_TEXT.confirmRemove}
          </ConfirmDialog>
        ) : null}
      </Suspense>
    </section>
  );
}
