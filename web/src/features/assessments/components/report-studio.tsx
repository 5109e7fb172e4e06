import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/link.tsx';
import { REPORT_NAMES, type ReportCode } from '../../../lib/labels/assessments.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import type { Session } from '../../../lib/session/session.ts';
import { AssessmentsTable } from './assessments-screen.tsx';
import { RefreshListsButton } from './refresh-lists-button.tsx';
import './report-studio.css';

const ENNEAGRAM_OFFER = 'a completed Enneagram assessment, and a Combined assessment once it is marked';
const MATURITY_OFFER = 'a Maturity or Combined assessment once it is marked (scoring takes up to 5 working days)';
const COMBINED_OFFER = 'a Combined assessment once it is marked, including one combined from an Enneagram and a Maturity assessment';
const ENGLISH = 'English';

/** What each report is and which assessments offer it (spec assessments-and-clients §1, §3.8, §4.5, §9). */
export const REPORT_ABOUT: Readonly<Record<ReportCode, { what: string; offeredBy: string; languages: string }>> = {
  enneaOverview: {
    what: "The coach's overview of the client's Enneagram results (style, trifix and instinct), for the coach.",
    offeredBy: ENNEAGRAM_OFFER,
    languages: ENGLISH,
  },
  clientSummary: {
    what: "A short overview of the client's Enneagram style, trifix and instinct, for the client.",
    offeredBy: ENNEAGRAM_OFFER,
    languages: ENGLISH,
  },
  basic: {
    what: "The client's full Enneagram report: their style, trifix and instinct.",
    offeredBy: ENNEAGRAM_OFFER,
    languages: 'Afrikaans, English, Hungarian, Italian and Slovakian (in the assessment’s language where it is one of these)',
  },
  imfCoG: {
    what: "The coach's overview of the client's Maturity (IMf) stage, for the coach.",
    offeredBy: MATURITY_OFFER,
    languages: ENGLISH,
  },
  imf: {
    what: "The client's full Maturity (IMf) report: their stage of maturity.",
    offeredBy: MATURITY_OFFER,
    languages: ENGLISH,
  },
  foundation: {
    what: "The client's Enneagram and Maturity results read together in one report.",
    offeredBy: COMBINED_OFFER,
    languages: ENGLISH,
  },
  extended: {
    what: 'The extended edition of the Combined Report: the Enneagram and Maturity results read together, with more.',
    offeredBy: COMBINED_OFFER,
    languages: ENGLISH,
  },
};

export interface ReportStudioProps {
  report: ReportCode;
  session: Session;
  /** The report's sample (Samples & Brochures' card), composed by the route. */
  sample: ReactNode;
}

/**
 * The report studio, /reports/{code} (spec assessments-and-clients §2.1, §3.8, §4.5): what the report is and which
 * assessments offer it, its sample, and the coach's assessments that offer it now on the assessments table, with its
 * selection, filters and actions (Send Reports, Download Reports… on the rows that have the report).
 */
export function ReportStudio({ report, session, sample }: ReportStudioProps) {
  const name = REPORT_NAMES[report];
  const about = REPORT_ABOUT[report];
  usePageTitle(name);
  return (
    <AssessmentsTable
      view="own"
      session={session}
      report={report}
      label={`Assessments offering the ${name}`}
      emptyText={`None of your assessments offers the ${name} yet.`}
      header={(say) => (
        <>
          <header className="assessments__header">
            <div>
              <p className="report-studio__eyebrow">Report studio</p>
              <h1 id="assessments-title">{name}</h1>
            </div>
            <div className="assessments__header-links">
              <RefreshListsButton view="own" onError={(detail) => say({ title: 'Failed', body: <p>{detail}</p> })} />
              <Link href="/assessments">All assessments</Link>
            </div>
          </header>
          <div className="report-studio__about">
            <section className="card report-studio__what" aria-labelledby="report-studio-what">
              <h2 id="report-studio-what">About this report</h2>
              <p>{about.what}</p>
              <dl>
                <div>
                  <dt>Offered by</dt>
                  <dd>{about.offeredBy}</dd>
                </div>
                <div>
                  <dt>Languages</dt>
                  <dd>{about.languages}</dd>
                </div>
              </dl>
            </section>
            <div className="report-studio__sample">{sample}</div>
          </div>
          <h2 className="report-studio__table-title">Your assessments that offer it</h2>
        </>
      )}
    />
  );
}
