import { tableDate } from '../../../../components/data-table/table-state.ts';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { ASSESSMENT_TYPE_LABELS, autoSendStatusText, autoSentReports, TOKEN_TYPE_LABELS } from '../../../../lib/labels/assessments.ts';
import { LANGUAGE_NAMES } from '../../../../lib/labels/languages.ts';
import { useNarrowLayout } from '../../../../lib/use-narrow-layout.ts';
import { type AssessmentDetails, useAssessmentDetails } from '../../api/list-assessment-details.ts';
import { enneaResult, maturityResult } from '../../utils/assessment-results.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';

/**
 * The assessments the dialog lists; a larger selection (the select-all across pages may select 20,000) is told as a
 * count after them: a table of thousands of rows of 18 columns is read by nobody, and the call would be megabytes.
 */
export const DETAILS_SHOWN = 100;

/**
 * At most this many assessments are shown as lists of fields at desktop width too: a table of 20 columns scrolls
 * sideways, which is worth it only to compare more assessments.
 */
export const DETAILS_AS_CARDS = 3;

/** The line after the listed assessments of a larger selection. */
export const moreSelected = (more: number) => `and ${more.toLocaleString('en')} more selected assessments, not listed here.`;

export interface ViewDetailsDialogProps {
  ids: readonly string[];
  isOpen: boolean;
  onClose: () => void;
  /** An impersonator also sees the client's assessment token (developer-test mode, spec §3.1). */
  showToken: boolean;
}

interface DetailColumn {
  label: string;
  value: (details: AssessmentDetails) => string;
}

const COLUMNS: readonly DetailColumn[] = [
  { label: 'Name', value: (d) => d.clientName },
  { label: 'Surname', value: (d) => d.clientSurname },
  { label: 'Email', value: (d) => d.clientEmail },
  { label: 'Company', value: (d) => d.company },
  { label: 'Other data', value: (d) => d.otherData },
  { label: 'Project', value: (d) => d.project },
  { label: 'Assessment', value: (d) => ASSESSMENT_TYPE_LABELS[d.assessmentType] },
  { label: 'Language', value: (d) => LANGUAGE_NAMES[d.language] },
  { label: 'Token type', value: (d) => TOKEN_TYPE_LABELS[d.tokenType] },
  { label: 'Created', value: (d) => tableDate(d.createdAt) },
  { label: 'Registered', value: (d) => tableDate(d.registeredAt) },
  { label: 'Completed', value: (d) => tableDate(d.completedAt) },
  { label: 'Ennea Results', value: enneaResult },
  { label: 'Ordered trifix', value: (d) => d.orderedTrifix ?? '' },
  { label: 'Ranking', value: (d) => d.enneaRanking?.join(', ') ?? '' },
  {
    label: 'Instinct scores',
    value: (d) => (d.instinctScores ? `SP ${d.instinctScores.sp} · SO ${d.instinctScores.so} · SX ${d.instinctScores.sx}` : ''),
  },
  { label: 'Maturity Results', value: maturityResult },
  // spec §4.2: the reports sent to the client on completion, and where each group is.
  { label: 'Sent automatically', value: (d) => autoSentReports(d.reportsToAutoSend) },
  { label: 'Automatic sending', value: (d) => autoSendStatusText(d.autoSendStatus) },
  { label: 'Coach', value: (d) => `${d.coach.name} ${d.coach.surname}` },
];

const TOKEN_COLUMN: DetailColumn = { label: 'Token (developer test)', value: (d) => d.userToken ?? '' };

/**
 * View Details (spec assessments-and-clients §2.3, §2.4): every field of the selected assessments, the first
 * DETAILS_SHOWN of a larger selection and how many more there are.
 */
export function ViewDetailsDialog({ ids, isOpen, onClose, showToken }: ViewDetailsDialogProps) {
  const shown = ids.slice(0, DETAILS_SHOWN);
  const more = ids.length - shown.length;
  const { data, error, isPending } = useAssessmentDetails(shown, isOpen);
  const columns = showToken ? [...COLUMNS, TOKEN_COLUMN] : COLUMNS;
  // A phone shows each assessment as a list of fields (a table of 20 columns does not fit), and so does a desktop
  // for a few assessments.
  const isNarrow = useNarrowLayout();
  const asCards = isNarrow || (data?.items.length ?? 0) <= DETAILS_AS_CARDS;
  return (
    <Dialog title="Details" size="wide" isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      {isPending ? <Loading label="Loading..." /> : null}
      <ProblemAlert error={error} />
      {data && asCards ? (
        <ul className="details-cards list-stack">
          {data.items.map((details) => (
            <li key={details.id}>
              <dl>
                {columns.map((column) => (
                  <div key={column.label}>
                    <dt>{column.label}</dt>
                    <dd>{column.value(details) || '–'}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      {data && !asCards ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
        <section className="details-table" tabIndex={0} aria-label="Details of the selected assessments">
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((details) => (
                <tr key={details.id}>
                  {columns.map((column) => (
                    <td key={column.label}>{column.value(details)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {data && more > 0 ? <p>{moreSelected(more)}</p> : null}
      <div className="dialog__actions">
        <Button onPress={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

/** View Details (spec §2.3): an impersonator also sees the tokens. */
export default function ViewDetailsAction({ ids, session, finish }: AssessmentActionProps) {
  return <ViewDetailsDialog ids={ids} isOpen onClose={() => finish()} showToken={session.roles.impersonator} />;
}
