import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';
import { PAIRS_TEXT } from '../../../lib/labels/pairs.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { PAIR_ACTIONS } from '../actions/registry.ts';
import { exportPairs } from '../api/export-pairs.ts';
import { type PairSort, usePairs } from '../api/list-pairs.ts';
import { pairColumns } from './pair-columns.tsx';
import { PairReportLinks } from './pair-report-links.tsx';
import './pairs.css';

// The contract's sort keys; the default is the latest update first.
const TABLE_CONFIG: TableStateConfig<PairSort, never> = {
  sorts: ['info', 'coupleType', 'reportAvailable', 'reportSent', 'company', 'project', 'updatedAt'],
  defaultSort: 'updatedAt',
};

/**
 * The Pairs page (spec assessments-and-clients §3.10, §4.10, §5 "Sending and downloading reports", §8, §9): the coach's
 * pairs on the shared table with the report as HTML and PDF or 'Not available yet', and the toolbar of
 * `actions/registry.ts` (Send Reports, Delete, the Report Printing Guidelines). Pairs are added from the assessments
 * table (Add Pairs).
 */
export function PairsScreen() {
  usePageTitle(PAIRS_TEXT.title);
  const screen = useListScreen({
    table: TABLE_CONFIG,
    useList: usePairs,
    actions: PAIR_ACTIONS,
    extras: { session: useSession() },
    exportList: exportPairs,
    exportName: 'pairs',
  });
  return (
    <section className="pairs stack" aria-labelledby="pairs-title">
      <h1 id="pairs-title">{PAIRS_TEXT.title}</h1>
      <DataTable
        {...screen.table}
        label={PAIRS_TEXT.title}
        columns={pairColumns(screen.isNarrow, (row) => <PairReportLinks pair={row} />)}
        emptyText="No pairs yet. Select two assessments on the Assessments page and choose Add Pairs."
        noun="pairs"
      />
      {screen.dialogs}
    </section>
  );
}
