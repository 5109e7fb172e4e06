// Download Details: the mailing details of the selected assessments as a real .xlsx (spec assessments-and-clients §2.3, §7).
import { CONTENT_TYPES } from '../files/content-types.ts';
import { attachmentDisposition } from '../files/report-pdf.ts';
import { mailingDetailsWorkbook } from '../files/spreadsheets.ts';
import { assessmentView } from '../state/views.ts';
import { requireOwnCoach, visibleAssessment } from './access.ts';
import { FileAnswer, type Handlers } from './context.ts';

export const mailingHandlers: Handlers = {
  downloadMailingDetails: async (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const rows = ctx.body.assessmentUUIDs.map((uuid) => {
      const assessment = visibleAssessment(ctx, uuid);
      return {
        assessment: assessmentView(ctx.store, assessment, coach.uuid),
        assessmentLink: `${ctx.config.publicUrl}/register/token?userToken=${assessment.userToken}`,
      };
    });
    ctx.reply.header('content-disposition', attachmentDisposition('Mailing Details.xlsx'));
    return new FileAnswer(await mailingDetailsWorkbook(rows), CONTENT_TYPES.xlsx);
  },
};
