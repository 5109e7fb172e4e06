// Reports of one assessment: sending them by e-mail and the published report download
// (spec assessments-and-clients §3.8, §4.5, §4.6, §7, §8; public-and-guest §7 "publish/reports/coach").
import { legacyDateTime } from '../domain/dates.ts';
import { reportTemplateName } from '../domain/email-templates.ts';
import { ENNEAGRAM_REPORT_LANGUAGES, ENNEAGRAM_REPORTS, REPORT_NAMES, reportUnavailableReason } from '../domain/report-availability.ts';
import type { ReportCode, ReportLanguage } from '../domain/types.ts';
import { CONTENT_TYPES } from '../files/content-types.ts';
import { reportHtml } from '../files/report-html.ts';
import { attachmentDisposition, reportFileName, reportPdf, reportSections } from '../files/report-pdf.ts';
import type { AssessmentRecord } from '../state/model.ts';
import { assessmentView } from '../state/views.ts';
import { requireSession, sessionCoach, visibleAssessment } from './access.ts';
import { badRequest, FileAnswer, type Handlers } from './context.ts';
import { composeEmail } from './reports-email.ts';

export const ENTER_EMAIL = 'Please enter email address';

/** The link a report e-mail carries: the published report of that assessment. */
export function reportUrl(
  publicUrl: string,
  code: ReportCode,
  assessment: Pick<AssessmentRecord, 'uuid' | 'coachUUID' | 'assessmentLanguage'>,
): string {
  const base = `${publicUrl}/publish/reports/coach/${code}/${assessment.coachUUID}/${assessment.uuid}`;
  const variant =
    code === 'basic' &&
    assessment.assessmentLanguage !== 'english' &&
    (ENNEAGRAM_REPORT_LANGUAGES as readonly string[]).includes(assessment.assessmentLanguage);
  return variant ? `${base}?language=${assessment.assessmentLanguage}` : base;
}

/** spec §4.2: with auto-send set, a group's status goes from o (not sent) to s (sent, not downloaded). */
function markSent(assessment: AssessmentRecord, codes: readonly ReportCode[]): void {
  assessment.userReport = 'sent';
  if (codes.some((code) => ENNEAGRAM_REPORTS.includes(code)) && assessment.reportStatusEnnea === 'o') assessment.reportStatusEnnea = 's';
  if (codes.some((code) => !ENNEAGRAM_REPORTS.includes(code)) && assessment.reportStatusMaturity === 'o')
    assessment.reportStatusMaturity = 's';
}

export const reportHandlers: Handlers = {
  sendReports: (ctx) => {
    const session = requireSession(ctx);
    const coach = sessionCoach(ctx);
    const assessment = visibleAssessment(ctx, ctx.params.assessmentId);
    const view = assessmentView(ctx.store, assessment, coach.uuid);
    const codes = ctx.body.reports;
    for (const code of codes) {
      const reason = reportUnavailableReason(view, code);
      if (reason) throw badRequest(reason);
    }
    // spec §4.3: for an impersonator, reports go to the coach address typed in, not to the client.
    const impersonating = session.impersonatorUuid !== null;
    if (impersonating && !ctx.body.destinationEmailAddress) throw badRequest(ENTER_EMAIL);
    const to = impersonating ? (ctx.body.destinationEmailAddress ?? view.clientEmail) : view.clientEmail;
    const answer = composeEmail(
      ctx.store,
      coach,
      reportTemplateName('assessment', assessment.tokenType === 'selfRegister'),
      {
        guestname: view.clientName,
        guestsurname: view.clientSurname,
        guestemail: view.clientEmail,
        reportlinks: codes.map((code) => ({ name: REPORT_NAMES[code], url: reportUrl(ctx.config.publicUrl, code, assessment) })),
      },
      to,
      { serverSend: ctx.query.serverSend === true, forPreview: ctx.query.forPreview === true },
      ctx.clock.now(),
    );
    if (ctx.query.forPreview) return answer;
    markSent(assessment, codes);
    assessment.reportHistory.push({
      createdAt: legacyDateTime(new Date(ctx.clock.now())),
      sentViaServer: ctx.query.serverSend ? 1 : 0,
      isReminder: 0,
      inviteType: 'email',
      destinationEmail: to,
      reportList: codes.join(','),
    });
    return answer;
  },

  downloadCoachReport: async (ctx) => {
    const coach = sessionCoach(ctx);
    const { reportCode, coachId, assessmentId } = ctx.params;
    const assessment = visibleAssessment(ctx, assessmentId);
    if (coachId !== coach.uuid && coachId !== assessment.coachUUID) throw badRequest('Assessment not found.');
    const view = assessmentView(ctx.store, assessment, coach.uuid);
    const reason = reportUnavailableReason(view, reportCode);
    if (reason) throw badRequest(reason);
    const language: ReportLanguage = ctx.query.language ?? 'english';
    if (language !== 'english' && reportCode !== 'basic') throw badRequest(`The ${REPORT_NAMES[reportCode]} is available in English only.`);
    const request = {
      code: reportCode,
      assessment: view,
      coachName: `${view.coachName} ${view.coachSurname}`,
      createdAt: new Date(ctx.clock.now()),
    };
    if (ctx.query.pdf === 1) {
      ctx.reply.header('content-disposition', attachmentDisposition(reportFileName(reportCode, view)));
      return new FileAnswer(await reportPdf(request), CONTENT_TYPES.pdf);
    }
    const html = reportHtml({
      title: `${REPORT_NAMES[reportCode]} - ${view.clientName} ${view.clientSurname}`,
      subtitle: `Coach ${request.coachName}${language === 'english' ? '' : ` - ${language}`}`,
      sections: reportSections(reportCode, view),
    });
    return new FileAnswer(Buffer.from(html), 'text/html; charset=utf-8');
  },
};
