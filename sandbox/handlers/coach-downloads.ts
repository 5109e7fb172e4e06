// The coach's mini-assessments table and spreadsheet, and the dashboard's activity summary (spec coach-shell §2.3, §2.4, §7).
import { legacyDate } from '../domain/dates.ts';
import { CONTENT_TYPES } from '../files/content-types.ts';
import { attachmentDisposition } from '../files/report-pdf.ts';
import { activitySummaryWorkbook, miniAssessmentsWorkbook } from '../files/spreadsheets.ts';
import type { MiniAssessmentRecord } from '../state/model.ts';
import { ownAssessments, type Store } from '../state/store.ts';
import { assessmentView } from '../state/views.ts';
import { requireOwnCoach } from './access.ts';
import { type Ctx, FileAnswer, type Handlers, type OperationId } from './context.ts';

/** The coach's mini-assessments, newest first, in the contract's shape (the answers stay private). */
export function miniAssessmentsOf(store: Store, coachUuid: string) {
  return [...store.miniAssessments.values()]
    .filter((record) => record.coachUuid === coachUuid)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(({ coachUuid: _coach, responses: _responses, ...record }: MiniAssessmentRecord) => record);
}

function spreadsheet<K extends OperationId>(ctx: Ctx<K>, body: Buffer, name: string): FileAnswer {
  ctx.reply.header('content-disposition', attachmentDisposition(`${name} ${legacyDate(new Date(ctx.clock.now()))}.xlsx`));
  return new FileAnswer(body, CONTENT_TYPES.xlsx);
}

export const coachDownloadHandlers: Handlers = {
  listMiniAssessments: (ctx) => miniAssessmentsOf(ctx.store, requireOwnCoach(ctx, ctx.params.coachId).uuid),

  downloadMiniAssessmentsSpreadsheet: async (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    return spreadsheet(ctx, await miniAssessmentsWorkbook(miniAssessmentsOf(ctx.store, coach.uuid)), 'Mini-Assessments');
  },

  downloadActivitySummary: async (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { store } = ctx;
    // Own records and the ones received through SCO: the summary counts the Received SCOs filter too.
    const received = store.scoGrants
      .filter((grant) => grant.toCoachUuid === coach.uuid)
      .flatMap((grant) => store.assessments.get(grant.assessmentUuid) ?? []);
    const rows = [...ownAssessments(store, coach.uuid), ...received].map((record) => assessmentView(store, record, coach.uuid));
    return spreadsheet(ctx, await activitySummaryWorkbook(rows), 'Activity Summary');
  },
};
