// The Mini-Assessments page (spec coach-shell §2.2, §2.4, §3 "Mini-assessment record"): the legacy table load
// searched, sorted and paged here like the shared table, the coach's public link for Copy Link, and the
// results workbook.
import type { components as Bff } from '../../../generated/bff.ts';
import { fromLegacyTime } from '../../domain/legacy-time.ts';
import { readMiniAssessments } from '../../domain/mini-records.ts';
import { datedWorkbookName, spreadsheetAnswer } from '../../downloads/spreadsheet.ts';
import type { OperationHandler, OperationInput, SessionContext } from '../../operation.ts';
import { portalOrigin } from '../../portal-origin.ts';
import { upstreamError } from '../../problem.ts';
import { listPage } from '../../snapshots/list-page.ts';
import { fold, Table } from '../../snapshots/table.ts';

type MiniAssessmentRow = Bff['schemas']['MiniAssessmentRow'];
type MiniAssessmentPage = Bff['schemas']['MiniAssessmentPage'];
type MiniSort = NonNullable<NonNullable<OperationInput<'listMiniAssessments'>['query']>['sort']>;

/** A mini-assessment as the table shows it, with its search text. */
export interface MiniEntry {
  row: MiniAssessmentRow;
  search: string;
}

const sortKey = ({ row }: MiniEntry, column: MiniSort): string | number | null => {
  if (column === 'name') return fold(`${row.name} ${row.surname}`);
  if (column === 'language') return row.language;
  return row[column];
};

/** The table's default order and search (listMiniAssessments and exportMiniAssessments). */
export const MINI_LIST = {
  sort: 'createdAt',
  search: { text: (entry: MiniEntry) => entry.search },
  row: (entry: MiniEntry) => entry.row,
} as const;

/** Every mini-assessment of the coach (the legacy list, newest first) shaped as the table's rows, in a table. */
export async function miniAssessmentsTable(ctx: SessionContext): Promise<Table<MiniEntry, MiniSort>> {
  const entries: MiniEntry[] = [];
  for (const record of await readMiniAssessments(ctx)) {
    // Checked by the read: both are legacy times.
    const createdAt = fromLegacyTime(record.createdAt) as string;
    const completedAt = record.section2CompletedAt ? fromLegacyTime(record.section2CompletedAt) : null;
    const row: MiniAssessmentRow = {
      uniqueId: record.uniqueId,
      createdAt,
      language: record.localLanguage,
      name: record.name,
      surname: record.surname,
      email: record.email,
      completedAt,
      ennea: record.ennea,
      trifix: record.trifix,
      // The HTML report opens in a new tab once section 2 is done (spec coach-shell §2.4).
      reportUrl: completedAt ? `/coachportal/reports/${record.uniqueId}` : null,
    };
    // spec: the search matches every shown column.
    const search = fold([row.name, row.surname, row.email, row.language, row.ennea ?? '', row.trifix ?? ''].join('\u0001'));
    entries.push({ row, search });
  }
  return new Table(entries, sortKey);
}

/** listMiniAssessments: every record shaped, then the query's search, sort and page. */
export async function listMiniAssessments(
  { query = {} }: OperationInput<'listMiniAssessments'>,
  ctx: SessionContext,
  allowedOrigins: readonly string[],
): Promise<MiniAssessmentPage> {
  const table = await miniAssessmentsTable(ctx);
  const origin = portalOrigin(ctx.headers.origin, allowedOrigins);
  if (!origin) {
    ctx.log.error('ALLOWED_ORIGINS is empty: no origin for the public mini-assessment link');
    throw upstreamError();
  }
  return {
    ...listPage(table, query, MINI_LIST),
    selfRegistrationUrl: new URL(`/coachportal/mini/${ctx.session.coachId}`, origin).href,
  };
}

/** downloadMiniAssessmentsSpreadsheet: the table function 'Download spreadsheet'. */
export const downloadMiniAssessmentsSpreadsheet: OperationHandler<'downloadMiniAssessmentsSpreadsheet'> = async (_input, ctx) =>
  spreadsheetAnswer(
    await ctx.legacy.GET('/api/v2/coaches/{coachId}/miniAssessmentsSpreadsheet', {
      params: { path: { coachId: ctx.session.coachId } },
      parseAs: 'stream',
      signal: ctx.signal,
    }),
    datedWorkbookName('mini-assessments', Date.now()),
  );
