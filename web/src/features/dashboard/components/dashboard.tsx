import { useAtom, useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { ChartPanelSkeleton } from '../../../components/charts/chart-panel-skeleton.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { AssistantBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { policiesLaterAtom, usePoliciesModal } from '../../../lib/policies-state.ts';
import type { Session } from '../../../lib/session/session.ts';
import { tabFlagAtom } from '../../../lib/tab-flag.ts';
import { type Dashboard as DashboardData, useDashboard } from '../api/get-dashboard.ts';
import { AssistantTasks, type OpenScreen } from './assistant-tasks.tsx';
import { DashboardDonut } from './dashboard-donut.tsx';
import { DashboardTiles } from './dashboard-tiles.tsx';
import { DownloadSummaryButton } from './download-summary-button.tsx';
import { MiniOnlyPanel } from './mini-only-panel.tsx';
import './dashboard.css';
import { useLocation } from 'wouter';

// The pipeline panel loads after the dashboard's own answer (its chunk and its call never delay the tiles).
const PipelinePanel = lazy(() => import('./pipeline-panel.tsx'));
// The messages' alert modal loads only when there are messages to acknowledge.
const MessagesDialog = lazy(() => import('./messages-dialog.tsx'));
// The completions chart's code (and its chart library) loads once the tiles are there: never part of the first paint.
const CompletionsPanel = lazy(() => import('./completions-panel.tsx'));
/** 'Later' on the messages to acknowledge, for this browser tab. */
export const MESSAGES_LATER_KEY = 'coachportal.messagesLater';
const messagesLaterAtom = tabFlagAtom(MESSAGES_LATER_KEY);

// spec coach-shell §2.3.
export { MINI_ONLY_NOTICE } from './mini-only-panel.tsx';
export const POLICY_ALERT_TITLE = 'Policies to sign or accept';
const POLICY_ALERT_TEXT = 'One or more policies are waiting for you to sign or accept them.';

/**
 * The landing page after sign-in (spec coach-shell §2.3): greeting, a tile per pipeline filter, the Total
 * donut, the policy alert and the messages to acknowledge (an alert modal). The assistant banner is the layout's.
 */
export function Dashboard({ session, screens = [] }: { session: Session; screens?: readonly OpenScreen[] }) {
  usePageTitle('Dashboard');
  const { data: dashboard, error, isPending, refetch } = useDashboard();
  const who = dashboard?.greeting ?? session.coach;
  // spec §2.3, §6: an assistant is greeted by name with the Assistant badge (the banner names the coach).
  const assistant = session.roles.assisted ? (dashboard?.assistant ?? session.roles.assistant) : null;
  return (
    <section className="dashboard stack" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">
        {assistant ? (
          <>
            Welcome, {assistant.name} <AssistantBadge className="dashboard__badge" />
          </>
        ) : (
          <>
            Welcome, {who.name}
            {/* spec §2.3: the phone shows a reduced greeting (the first name only). */}
            <span className="dashboard__surname"> {who.surname}</span>
          </>
        )}
      </h1>
      {isPending ? <DashboardSkeleton /> : null}
      {dashboard ? (
        <DashboardContent dashboard={dashboard} assisted={session.roles.assisted} coach={session.coach} screens={screens} />
      ) : (
        <ProblemAlert error={error} onRetry={() => void refetch()} />
      )}
      {dashboard ? <MessagesToAcknowledge messages={dashboard.messagesToAck} impersonator={session.roles.impersonator} /> : null}
    </section>
  );
}

/** spec §2.3: the messages to acknowledge in an alert modal, once the policies modal (if open) is done with. */
function MessagesToAcknowledge({ messages, impersonator }: { messages: DashboardData['messagesToAck']; impersonator: boolean }) {
  const [later, setLater] = useAtom(messagesLaterAtom);
  const [acknowledged, setAcknowledged] = useState(false);
  const policiesOpen = usePoliciesModal().open;
  if (messages.length === 0 || later || acknowledged || policiesOpen) return null;
  return (
    <Suspense fallback={null}>
      <MessagesDialog
        messages={messages}
        impersonator={impersonator}
        onLater={() => setLater(true)}
        onClose={() => setAcknowledged(true)}
      />
    </Suspense>
  );
}

interface DashboardContentProps {
  dashboard: DashboardData;
  assisted: boolean;
  /** The coach whose portal it is (an assistant acts for them). */
  coach: { name: string; surname: string };
  /** The screens the role may open (an assistant's dashboard lists what they can do on each). */
  screens: readonly OpenScreen[];
}

function DashboardContent({ dashboard, assisted, coach, screens }: DashboardContentProps) {
  const [, navigate] = useLocation();
  return (
    <>
      {dashboard.policyAlert ? (
        <Alert tone="info">
          <strong>{POLICY_ALERT_TITLE}</strong> {POLICY_ALERT_TEXT} <ReviewPoliciesButton />
        </Alert>
      ) : null}
      {dashboard.onlyMiniAssessment ? null : (
        <div className="dashboard__actions">
          {/* spec §2.3: desktop only; the re-route flag (`add=1`) opens the target page's add dialog. An assistant may add
              clients for the coach (assessments-and-clients §1, §6); Teams are hidden for assistants. */}
          <Button variant="secondary" className="dashboard__desktop-only" onPress={() => navigate('/assessments?add=1')}>
            Add New Client
          </Button>
          {assisted ? null : (
            <Button variant="secondary" className="dashboard__desktop-only" onPress={() => navigate('/teams?add=1')}>
              Add New Team
            </Button>
          )}
          <DownloadSummaryButton />
        </div>
      )}
      {dashboard.onlyMiniAssessment ? (
        <MiniOnlyPanel />
      ) : assisted ? (
        /* spec §2.1, §6: Assessments are hidden for assistants: what they may do for the coach instead. */
        <AssistantTasks coachName={`${coach.name} ${coach.surname}`} screens={screens} />
      ) : (
        <div className="dashboard__summary">
          <section className="dashboard__pipeline" aria-labelledby="dashboard-tiles-title">
            <div className="dashboard__section-head">
              <h2 id="dashboard-tiles-title">Assessments by status</h2>
              <Link href="/assessments">View Assessments</Link>
            </div>
            <DashboardTiles tiles={dashboard.tiles} />
          </section>
          <DashboardDonut completed={dashboard.total.completed} inProgress={dashboard.total.inProgress} />
        </div>
      )}
      {/* A mini-only coach's pipeline is their mini-assessments'. */}
      {assisted ? null : (
        <Suspense fallback={null}>
          <PipelinePanel miniOnly={dashboard.onlyMiniAssessment} />
        </Suspense>
      )}
      {/* spec §2.3: an assistant's dashboard shows no assessment figures; a mini-only coach's shows their minis. */}
      {assisted ? null : (
        <Suspense fallback={<ChartPanelSkeleton />}>
          <CompletionsPanel />
        </Suspense>
      )}
    </>
  );
}

const TILE_KEYS = ['tile-1', 'tile-2', 'tile-3', 'tile-4', 'tile-5', 'tile-6'];

/** The dashboard's shape until its first answer: the buttons, the six tiles and the Total donut. */
function DashboardSkeleton() {
  return (
    <SkeletonRegion className="dashboard__loading">
      <div className="dashboard__actions">
        <Skeleton shape="block" width="9rem" className="dashboard__desktop-only" />
        <Skeleton shape="block" width="9rem" className="dashboard__desktop-only" />
        <Skeleton shape="block" width="15rem" />
      </div>
      <div className="dashboard__summary">
        <div className="dashboard__pipeline">
          <Skeleton width="12rem" height="1.25rem" />
          <div className="dashboard-tiles">
            {TILE_KEYS.map((key) => (
              <div key={key} className="dashboard-tile dashboard-tile--skeleton">
                <span className="dashboard-tile__head">
                  <Skeleton shape="block" width="2.25rem" height="2.25rem" />
                  <Skeleton width="60%" />
                </span>
                <Skeleton width="3rem" height="2rem" />
              </div>
            ))}
          </div>
        </div>
        <div className="dashboard-total">
          <Skeleton width="4rem" height="1.25rem" />
          <Skeleton shape="circle" width="9rem" className="dashboard-total__chart" />
          <Skeleton width="8rem" />
          <Skeleton width="8rem" />
        </div>
      </div>
    </SkeletonRegion>
  );
}

/** Opens the policies modal again after the coach chose 'Later'. */
function ReviewPoliciesButton() {
  const setLater = useSetAtom(policiesLaterAtom);
  return (
    <Button variant="quiet" className="dashboard__review-policies" onPress={() => setLater(false)}>
      Review policies
    </Button>
  );
}
