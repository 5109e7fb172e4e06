import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { type MiniAssessmentRow, useMiniAssessments } from '../../../lib/api/list-mini-assessments.ts';
import { COPIED_TO_CLIPBOARD, copyToClipboard } from '../../../lib/clipboard.ts';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';

// spec coach-shell §2.3: the notice; §2.4: the public link and the results; §9: the dashboard's toasts last 2.5 s.
export const MINI_ONLY_NOTICE = 'Your access is limited to the Mini-Assessment offering.';
const TOAST_MS = 2500;
const LATEST = 5;
// The latest first: the table's own first page, newest started on top.
const QUERY = { page: 1, pageSize: 10, sort: 'createdAt', order: 'desc' } as const;

/**
 * The dashboard of a coach limited to mini-assessments: the notice, their public link to share, and the latest
 * mini-assessments with the style each found (listMiniAssessments, the Mini-Assessments page's own read).
 */
export function MiniOnlyPanel() {
  const { data, error } = useMiniAssessments(QUERY);
  const link = data?.selfRegistrationUrl;
  const copy = async () => {
    if (!link) return;
    const copied = await copyToClipboard(link);
    showToast(
      copied ? COPIED_TO_CLIPBOARD : 'Your browser did not allow copying: select the link and copy it.',
      copied ? 'success' : 'info',
      TOAST_MS,
    );
  };
  return (
    <>
      <p className="dashboard__notice">{MINI_ONLY_NOTICE}</p>
      <div className="dashboard-mini">
        <section className="card dashboard-mini__link" aria-labelledby="dashboard-mini-link-title">
          <h2 id="dashboard-mini-link-title">Your mini-assessment link</h2>
          <p>Share it with anyone: four questions, about two minutes, and their result appears on your Mini-Assessments page.</p>
          {link ? (
            <p className="dashboard-mini__url">
              <code>{link}</code>
            </p>
          ) : error ? null : (
            <SkeletonRegion>
              <SkeletonLines count={1} />
            </SkeletonRegion>
          )}
          <Button onPress={copy} isDisabled={!link}>
            Copy Link
          </Button>
        </section>
        <section className="card dashboard-mini__latest" aria-labelledby="dashboard-mini-latest-title">
          <div className="dashboard__section-head">
            <h2 id="dashboard-mini-latest-title">Latest mini-assessments</h2>
            <Link href="/mini-assessments">View Mini-Assessments</Link>
          </div>
          {data ? <LatestList rows={data.items.slice(0, LATEST)} total={data.total} /> : null}
          {!data && !error ? (
            <SkeletonRegion>
              <SkeletonLines count={4} />
            </SkeletonRegion>
          ) : null}
        </section>
      </div>
    </>
  );
}

function LatestList({ rows, total }: { rows: MiniAssessmentRow[]; total: number }) {
  if (rows.length === 0) return <p className="dashboard-mini__empty">No mini-assessments yet. Share your link to start.</p>;
  return (
    <>
      <ul className="dashboard-mini__list">
        {rows.map((row) => (
          <li key={row.uniqueId} className="dashboard-mini__row">
            <span className="dashboard-mini__style" aria-hidden="true">
              {row.ennea ?? '–'}
            </span>
            <span className="dashboard-mini__who">
              <strong>
                {row.name} {row.surname}
              </strong>
              <ResultLine row={row} />
            </span>
          </li>
        ))}
      </ul>
      <p className="dashboard-mini__total">
        {total === 1 ? '1 mini-assessment in all' : `${total.toLocaleString('en')} mini-assessments in all`}
      </p>
    </>
  );
}

function ResultLine({ row }: { row: MiniAssessmentRow }) {
  const language = LANGUAGE_NAMES[row.language];
  if (row.ennea === null || !row.completedAt) return <span>Not completed yet · {language}</span>;
  return (
    <span>
      Style {row.ennea}
      {row.trifix ? `, trifix ${row.trifix}` : ''} · {language} ·{' '}
      <span className="dashboard-mini__date">{row.completedAt.slice(0, 10)}</span>
    </span>
  );
}
