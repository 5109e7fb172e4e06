import { EnneagramFigure, styleFigureText } from '../../../components/enneagram-figure.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HiddenColumnHeader } from '../../../components/ui/hidden-column-header.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton, SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import {
  ASSESSMENT_TYPE_LABELS,
  AUTO_SEND_GROUPS,
  AUTO_SEND_STATES,
  autoSentReports,
  REPORT_NAMES,
} from '../../../lib/labels/assessments.ts';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDownloadAssessmentReport } from '../api/download-assessment-report.ts';
import { type ClientAssessment, type ReportLink, useClient } from '../api/get-client.ts';
import './clients.css';

// spec assessments-and-clients §8, §9: the PDF failure toast, 2500 ms toasts in this area.
const TOAST_MS = 2500;
const DOWNLOAD_FAILED = 'Download failed';
const DOWNLOADING = 'Downloading...';

const cut = (iso: string | undefined) => (iso ? iso.slice(0, 10) : '–');

/** The client results page /clighent/{uuid} (spec assessments-and-clients §2.1, §3.8, §4.5): the client, their assessments and report links. */
export function ClientResults({ clientId }: { clientId: string }) {
  const { data, error, isPending, refetch } = useClient(clientId);
  usePageTitle(data ? `${data.name} ${data.surname}` : 'Client Results');
  return (
    <section className="client-results stack" aria-labelledby="client-title">
      <p className="client-results__back">
        <Link href="/assessments">Back to assessments</Link>
      </p>
      {/* Until the client is known the page is named for what it is; its name replaces it. */}
      {data ? null : <h1 id="client-title">Client Results</h1>}
      {isPending ? <ClientSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data ? (
        <>
          <header className="client-results__header">
            <h1 id="client-title">
              {data.name} {data.surname}
            </h1>
            <dl className="client-results__facts">
              <div>
                <dt>Email</dt>
                <dd>{data.email}</dd>
              </div>
              {data.company ? (
                <div>
                  <dt>Company</dt>
                  <dd>{data.company}</dd>
                </div>
              ) : null}
              {data.otherData ? (
                <div>
                  <dt>Other data</dt>
                  <dd>{data.otherData}</dd>
                </div>
              ) : null}
            </dl>
          </header>
          <h2 className="visually-hidden">Assessments</h2>
          <ul className="client-results__list">
            {data.assessments.map((assessment) => (
              <AssessmentCard key={assessment.id} assessment={assessment} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function AssessmentCard({ assessment }: { assessment: ClientAssessment }) {
  const title = `${ASSESSMENT_TYPE_LABELS[assessment.assessmentType]} assessment`;
  return (
    <li className="client-assessment">
      <article aria-label={`${title}, created ${cut(assessment.createdAt)}`}>
        <h3 className="client-assessment__title">
          {title}
          {assessment.project ? <span className="client-assessment__project">{assessment.project}</span> : null}
        </h3>
        {assessment.ennea ? (
          <EnneagramFigure
            className="client-assessment__figure"
            style={assessment.ennea.type}
            {...styleFigureText(assessment.ennea.type)}
          />
        ) : null}
        <dl className="client-assessment__facts">
          <div>
            <dt>Language</dt>
            <dd>{LANGUAGE_NAMES[assessment.language]}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{cut(assessment.createdAt)}</dd>
          </div>
          <div>
            <dt>Registered</dt>
            <dd>{cut(assessment.registeredAt)}</dd>
          </div>
          <div>
            <dt>Completed</dt>
            <dd>{cut(assessment.completedAt)}</dd>
          </div>
          {assessment.ennea ? (
            <div>
              <dt>Enneagram</dt>
              <dd>
                Type {assessment.ennea.type} · {assessment.ennea.trifix}
                {assessment.ennea.instinct ? ` · ${assessment.ennea.instinct}` : ''}
              </dd>
            </div>
          ) : null}
          {assessment.maturity ? (
            <div>
              <dt>Maturity</dt>
              <dd>
                {assessment.maturity.stage} {assessment.maturity.code} · {assessment.maturity.name}
              </dd>
            </div>
          ) : null}
        </dl>
        <AutoSend assessment={assessment} />
        <ReportLinks assessment={assessment} />
      </article>
    </li>
  );
}

/**
 * The reports sent to the client automatically on completion (legacy `reportsToAutoSend`) and, per report group,
 * where they are: not yet sent, sent but not downloaded, downloaded (spec §4.2). Nothing when none are.
 */
function AutoSend({ assessment }: { assessment: ClientAssessment }) {
  if (assessment.reportsToAutoSend.length === 0) return null;
  const status = assessment.autoSendStatus ?? {};
  return (
    <dl className="client-assessment__facts">
      <div>
        <dt>Sent automatically</dt>
        <dd>{autoSentReports(assessment.reportsToAutoSend)}</dd>
      </div>
      {AUTO_SEND_GROUPS.map(({ key, label }) => {
        const state = status[key];
        return state ? (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{AUTO_SEND_STATES[state]}</dd>
          </div>
        ) : null;
      })}
    </dl>
  );
}

/** One report per row with its HTML page (a new tab) and its PDF (a download). */
function ReportLinks({ assessment }: { assessment: ClientAssessment }) {
  const download = useDownloadAssessmentReport();
  if (assessment.reportLinks.length === 0) {
    const waiting = assessment.availableReports.awaitingMarking.length > 0;
    return (
      <p className="client-assessment__none">{waiting ? 'The Maturity reports are waiting for marking.' : 'No reports available yet.'}</p>
    );
  }
  const groups = new Map<string, ReportLink[]>();
  for (const link of assessment.reportLinks) {
    const key = `${link.report}:${link.language}`;
    groups.set(key, [...(groups.get(key) ?? []), link]);
  }
  const onPdf = (link: ReportLink) => {
    showToast(DOWNLOADING, 'info', TOAST_MS);
    download.mutate(
      { assessmentId: assessment.id, report: link.report, language: link.language },
      { onError: () => showToast(DOWNLOAD_FAILED, 'error', TOAST_MS) },
    );
  };
  return (
    <table className="client-reports">
      <caption className="visually-hidden">Reports</caption>
      <thead>
        <tr>
          <th scope="col">Report</th>
          <th scope="col">Language</th>
          <HiddenColumnHeader>Formats</HiddenColumnHeader>
        </tr>
      </thead>
      <tbody>
        {[...groups.entries()].map(([key, links]) => {
          const [first] = links;
          if (!first) return null;
          const name = REPORT_NAMES[first.report];
          const html = links.find((link) => link.format === 'html');
          const pdf = links.find((link) => link.format === 'pdf');
          return (
            <tr key={key}>
              <th scope="row">{name}</th>
              <td>{LANGUAGE_NAMES[first.language]}</td>
              <td className="client-reports__formats">
                {html ? (
                  <a
                    className="btn btn--quiet"
                    href={html.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={`${name} (${LANGUAGE_NAMES[first.language]}) as HTML, opens in a new tab`}
                  >
                    HTML
                  </a>
                ) : null}
                {pdf ? (
                  <Button
                    variant="quiet"
                    aria-label={`Download ${name} (${LANGUAGE_NAMES[first.language]}) as PDF`}
                    onPress={() => onPdf(pdf)}
                  >
                    PDF
                  </Button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The client's shape until the answer: their name and facts, then an assessment's card. */
function ClientSkeleton() {
  return (
    <SkeletonRegion>
      <span className="client-results__skeleton">
        <Skeleton width="14rem" height="1.75rem" />
        <SkeletonLines count={2} />
        <span className="client-assessment">
          <Skeleton width="12rem" height="1.25rem" />
          <SkeletonLines count={4} />
        </span>
      </span>
    </SkeletonRegion>
  );
}
