// Assessments (tokens): the table, history, invites, link copies, patch, wrap-up and delete
// (spec assessments-and-clients §4.1–§4.4, §4.7, §7; coach-shell §4 on deletion and credit back).
import { assessmentCost, balanceTransaction, transactionDescription } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { defaultTemplate, inviteTemplateName, renderEmail } from '../domain/email-templates.ts';
import { canDelete, inviteOutcome, RECEIVED_SELECTION_REFUSED } from '../domain/pipeline.ts';
import type { AssessmentRecord } from '../state/model.ts';
import { ownAssessments, removeAssessment, type Store } from '../state/store.ts';
import { assessmentView, balanceOf } from '../state/views.ts';
import { isReceivedBy, ownAssessment, requireOwnCoach, sessionCoach, visibleAssessment } from './access.ts';
import { badRequest, type Handlers } from './context.ts';

export const assessmentHandlers: Handlers = {
  listCoachAssessments: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { store } = ctx;
    const received = () =>
      store.scoGrants
        .filter((grant) => grant.toCoachUuid === coach.uuid)
        .flatMap((grant) => store.assessments.get(grant.assessmentUuid) ?? []);
    const given = () => {
      const uuids = new Set(store.scoGrants.filter((grant) => grant.fromCoachUuid === coach.uuid).map((grant) => grant.assessmentUuid));
      return [...uuids].flatMap((uuid) => store.assessments.get(uuid) ?? []);
    };
    const mode = ctx.query.mode;
    const records = mode === 'received' ? received() : mode === 'given' ? given() : ownAssessments(store, coach.uuid);
    return records.map((record) => assessmentView(store, record, coach.uuid));
  },

  listInviteHistory: (ctx) => visibleAssessment(ctx, ctx.params.assessmentId).inviteHistory,
  listSentReportHistory: (ctx) => visibleAssessment(ctx, ctx.params.assessmentId).reportHistory,

  recordAssessmentLinkCopy: (ctx) => {
    const assessment = ownAssessment(ctx, ctx.params.assessmentId);
    // spec assessments-and-clients §4.3: copying the link also counts as invited.
    assessment.userInvite = 1;
    assessment.inviteHistory.push({
      createdAt: legacyDateTime(new Date(ctx.clock.now())),
      sentViaServer: 0,
      isReminder: 0,
      inviteType: 'link',
      destinationEmail: null,
      reportList: null,
    });
    return { success: true };
  },

  sendInvite: (ctx) => {
    const coach = sessionCoach(ctx);
    const assessment = ownAssessment(ctx, ctx.params.assessmentId);
    const client = ctx.store.clients.get(assessment.clientUUID);
    if (!client) throw badRequest('Client not found.');
    const outcome = inviteOutcome(assessment);
    if (outcome.kind === 'skip') throw badRequest('The assessment is complete - there is no invite to send.');
    const templateName = inviteTemplateName(assessment.assessmentType, assessment.tokenType === 'selfRegister');
    const override = ctx.store.templateOverrides.find((entry) => entry.coachUuid === coach.uuid && entry.templateName === templateName);
    const email = renderEmail(
      templateName,
      override?.emailText ?? defaultTemplate(templateName),
      {
        guestemail: client.email,
        guestname: client.name,
        guestsurname: client.surname,
        coachname: coach.name,
        coachsurname: coach.surname,
        coachemail: coach.email,
        assessmentlink: `${ctx.config.publicUrl}/register/token?userToken=${assessment.userToken}`,
      },
      outcome.isReminder,
    );
    const answer = {
      sent: false,
      error: null,
      emailAddress: client.email,
      subject: email.subject,
      body: ctx.query.serverSend ? email.body : email.text,
    };
    if (ctx.query.forPreview) return answer;
    Object.assign(assessment, outcome.patch);
    assessment.inviteHistory.push({
      createdAt: legacyDateTime(new Date(ctx.clock.now())),
      sentViaServer: ctx.query.serverSend ? 1 : 0,
      isReminder: outcome.isReminder ? 1 : 0,
      inviteType: 'email',
      destinationEmail: client.email,
      reportList: null,
    });
    if (!ctx.query.serverSend) return answer;
    ctx.store.outbox.push({
      to: client.email,
      subject: email.subject,
      body: email.body,
      sentAt: legacyDateTime(new Date(ctx.clock.now())),
    });
    return { ...answer, sent: true };
  },

  updateAssessment: (ctx) => {
    if (isReceivedBy(ctx.store, ctx.params.assessmentId, sessionCoach(ctx).uuid)) throw badRequest(RECEIVED_SELECTION_REFUSED);
    const assessment = ownAssessment(ctx, ctx.params.assessmentId);
    const { coachWrappedUp, ...fields } = definedFields(ctx.body);
    Object.assign(assessment, fields);
    // spec assessments-and-clients §4.4: wrap-up is 0 or 1.
    if (coachWrappedUp !== undefined) assessment.coachWrappedUp = coachWrappedUp === 1 ? 1 : 0;
    return { success: true };
  },

  deleteAssessment: (ctx) => {
    const coach = sessionCoach(ctx);
    if (isReceivedBy(ctx.store, ctx.params.assessmentId, coach.uuid)) throw badRequest(RECEIVED_SELECTION_REFUSED);
    const assessment = ownAssessment(ctx, ctx.params.assessmentId);
    // spec coach-shell §4: deletion only before the client registers, and the coach is credited back.
    if (!canDelete(assessment)) throw badRequest('The client has already registered - the assessment cannot be deleted.');
    creditBack(ctx.store, assessment, ctx.clock.now());
    removeAssessment(ctx.store, assessment.uuid);
    return { success: true };
  },
};

function creditBack(store: Store, assessment: AssessmentRecord, now: number): void {
  if (assessment.tokenType !== 'paid') return;
  const client = store.clients.get(assessment.clientUUID);
  const cost = assessmentCost(assessment.assessmentType);
  const description = transactionDescription.assessmentDeleted(assessment.assessmentType, `${client?.name} ${client?.surname}`);
  const entry = balanceTransaction(balanceOf(store, assessment.coachUUID), cost, description, new Date(now));
  store.balance.push({ ...entry, coachUuid: assessment.coachUUID });
}

function definedFields<T extends object>(body: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(body ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}
