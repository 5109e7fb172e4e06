import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Skeleton, SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { type SampleReport, useSampleReports } from '../api/list-sample-reports.ts';
import { ReportPreview } from './report-preview.tsx';
import './samples.css';

export const SAMPLES_TITLE = 'Samples & Brochures';

/**
 * The Samples & Brochures page (spec coach-shell §2.8): each report type with a preview of what it holds and a button
 * per language for HTML and PDF, and, for a coach who may open the assessments area, a link to the report's studio
 * (assessments-and-clients §2.1).
 */
export function Samples({ studioLinks = false }: { studioLinks?: boolean }) {
  usePageTitle(SAMPLES_TITLE);
  const { data, error, isPending, refetch } = useSampleReports();
  return (
    <section className="samples stack" aria-labelledby="samples-title">
      <h1 id="samples-title">{SAMPLES_TITLE}</h1>
      <p className="samples__intro">
        See what your clients receive: each sample is the report of a fictional client. Open it as a web page or as a PDF, in each language
        the report is offered in.
      </p>
      {isPending ? <SamplesSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data ? (
        <ul className="samples__list">
          {data.items.map((report) => (
            <SampleCard key={report.reportCode} report={report} studioLink={studioLinks} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * One report's sample (the report studio's, spec assessments-and-clients §2.1), as its card on Samples & Brochures,
 * titled "Sample report".
 */
export function ReportSample({ reportCode }: { reportCode: SampleReport['reportCode'] }) {
  const { data, error, isPending, refetch } = useSampleReports();
  const report = data?.items.find((item) => item.reportCode === reportCode);
  return (
    <>
      {isPending ? <Loading label="Loading the sample..." /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {report ? (
        <ul className="samples__list samples__list--one">
          <SampleCard report={report} title="Sample report" />
        </ul>
      ) : null}
    </>
  );
}

function SampleCard({ report, title = report.name, studioLink = false }: { report: SampleReport; title?: string; studioLink?: boolean }) {
  const titleId = `sample-${report.reportCode}`;
  return (
    <li className="card samples__card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ReportPreview reportCode={report.reportCode} />
      {(['html', 'pdf'] as const).map((format) => (
        <div key={format} className="samples__row">
          <span className="samples__format">{format === 'html' ? 'HTML' : 'PDF'}</span>
          <ul className="samples__languages">
            {report.samples.map((sample) => (
              <li key={sample.language}>
                <a
                  className="btn btn--secondary samples__button"
                  href={format === 'html' ? sample.htmlUrl : sample.pdfUrl}
                  target="_blank"
                  rel="noopener"
                >
                  {LANGUAGE_NAMES[sample.language]}
                  <span className="visually-hidden">
                    {' '}
                    {report.name} sample, {format === 'html' ? 'HTML' : 'PDF'} (opens in a new tab)
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {studioLink ? (
        <p className="samples__studio">
          <Link href={`/reports/${report.reportCode}`} aria-label={`Your assessments that offer it: the ${report.name} studio`}>
            Your assessments that offer it
          </Link>
        </p>
      ) : null}
    </li>
  );
}

const CARD_KEYS = ['first', 'second', 'third'];

/** The cards' shape until the list is there. */
function SamplesSkeleton() {
  return (
    <SkeletonRegion>
      <span className="samples__list">
        {CARD_KEYS.map((key) => (
          <span key={key} className="card samples__card">
            <Skeleton width="10rem" height="1.25rem" />
            <Skeleton shape="block" height="8rem" />
            <SkeletonLines count={2} />
          </span>
        ))}
      </span>
    </SkeletonRegion>
  );
}
