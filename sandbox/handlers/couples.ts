// Pairs (couples): add with a due date and its 2-credit report, list, delete, send the report, and the published report
// (spec assessments-and-clients §3.5, §3.10, §4.10, §5 "Pairs", §7, §9).
import { pairReportCost, transactionDescription } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { checkPairsSendable, decidePair, pairInfo } from '../domain/pairs.ts';
import { CONTENT_TYPES } from '../files/content-types.ts';
import { pairReportFileName, pairReportHtml, pairReportPdf } from '../files/pair-report.ts';
import { attachmentDisposition } from '../files/report-pdf.ts';
import { recordBalance } from '../state/ledger.ts';
import type { CoupleRecord } from '../state/model.ts';
import { schedule, unschedule } from '../state/scheduled.ts';
import { coupleView } from '../state/team-views.ts';
import { assessmentView } from '../state/views.ts';
import { requireOwnCoach, requireSession, sessionCoach, visibleAssessment } from './access.ts';
import { badRequest, FileAnswer, type Handlers } from './context.ts';
import { composeEmail, destinationFor } from './reports-email.ts';

export const PAIR_NOT_FOUND = 'Pair not found.';
export const PAIR_REPORT_SUPPLIED = 'The report for this pair has already been generated - cannot delete.';
export const PAIR_REPORT_NOT_AVAILABLE = 'Not available yet';

const suppliedDate = (couple: CoupleRecord): Date => new Date(`${(couple.reportSuppliedAt ?? '').replace(' ', 'T')}Z`);

/** The scheduled preparation is done: a pair still present gets its report (spec assessments-and-clients §4.10). */
export function supplyPairReport(couple: CoupleRecord | undefined, at: number): void {
  if (!couple || couple.reportSuppliedAt !== null) return;
  couple.reportSuppliedAt = legacyDateTime(new Date(at));
  couple.updatedAt = couple.reportSuppliedAt;
}

export const coupleHandlers: Handlers = {
  listCouples: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const couples = [...ctx.store.couples.values()].filter((couple) => couple.coachUuid === coach.uuid);
    return couples.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).map((couple) => coupleView(ctx.store, couple));
  },

  createCouple: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { uuids, coupleType, tokenType, reportDueDate } = ctx.body;
    const members = uuids.map((uuid) => assessmentView(ctx.store, visibleAssessment(ctx, uuid), coach.uuid));
    const decision = decidePair(members, coupleType, reportDueDate, new Date(ctx.clock.now()));
    if (!decision.ok) throw badRequest(decision.info);
    const [first, second] = members;
    if (!first || !second) throw badRequest('A pair needs exactly two assessments.');
    const now = legacyDateTime(new Date(ctx.clock.now()));
    const couple: CoupleRecord = {
      uuid: crypto.randomUUID(),
      coachUuid: coach.uuid,
      assessmentUuids: [first.uuid, second.uuid],
      coupleType,
      tokenType,
      reportDueDate,
      reportSuppliedAt: null,
      reportSentAt: null,
      updatedAt: now,
    };
    ctx.store.couples.set(couple.uuid, couple);
    // Pair reports take up to two working days (spec §4.10): supplied after the sandbox's preparation delay.
    const readySeconds = ctx.config.pairReportReadySeconds ?? ctx.config.reportReadySeconds;
    schedule(ctx.store, { kind: 'pairReport', id: couple.uuid, at: ctx.clock.now() + readySeconds * 1000 });
    // spec §4.10, §9: a pair report costs 2 credits; marketing pairs (an impersonator's choice) are not billed.
    if (tokenType === 'paid') {
      const description = transactionDescription.pairReport(coupleType, pairInfo(members));
      recordBalance(ctx.store, coach.uuid, -decision.cost, description, ctx.clock.now());
    }
    return { uuid: couple.uuid };
  },

  deleteCouples: (ctx) => {
    const coach = sessionCoach(ctx);
    const couples = ctx.body.uuids.map((uuid) => {
      const couple = ctx.store.couples.get(uuid);
      if (!couple || couple.coachUuid !== coach.uuid) throw badRequest(PAIR_NOT_FOUND);
      if (couple.reportSuppliedAt !== null) throw badRequest(PAIR_REPORT_SUPPLIED);
      return couple;
    });
    for (const couple of couples) {
      ctx.store.couples.delete(couple.uuid);
      unschedule(ctx.store, 'pairReport', couple.uuid);
      // The report was never supplied, so its credits come back (as for deleted assessments, coach-shell §4).
      if (couple.tokenType === 'paid') {
        const description = `${transactionDescription.pairReport(couple.coupleType, coupleView(ctx.store, couple).info)} cancelled - credited back`;
        recordBalance(ctx.store, coach.uuid, pairReportCost(couple.coupleType), description, ctx.clock.now());
      }
    }
    return { success: true };
  },

  sendCoupleReport: (ctx) => {
    const session = requireSession(ctx);
    const coach = sessionCoach(ctx);
    const couple = ctx.store.couples.get(ctx.params.coupleId);
    if (!couple || couple.coachUuid !== coach.uuid) throw badRequest(PAIR_NOT_FOUND);
    const view = coupleView(ctx.store, couple);
    const unavailable = checkPairsSendable([view]);
    if (unavailable) throw badRequest(unavailable);
    const recipients = view.assessments.map((member) => member.clientEmail).join(', ');
    const url = `${ctx.config.publicUrl}/publish/reports/pair/${couple.uuid}`;
    const answer = composeEmail(
      ctx.store,
      coach,
      'send_reports_pair',
      {
        guestname: view.assessments.map((member) => member.clientName).join(' and '),
        guestsurname: view.assessments.map((member) => member.clientSurname).join(' and '),
        guestemail: recipients,
        reportlinks: [
          { name: 'Pair Report (HTML)', url },
          { name: 'Pair Report (PDF)', url: `${url}?pdf=1` },
        ],
      },
      destinationFor(session, recipients, ctx.body?.destinationEmailAddress),
      { serverSend: ctx.query.serverSend === true, forPreview: ctx.query.forPreview === true },
      ctx.clock.now(),
    );
    if (!ctx.query.forPreview) {
      couple.reportSentAt = legacyDateTime(new Date(ctx.clock.now()));
      couple.updatedAt = couple.reportSentAt;
    }
    return answer;
  },

  getPairReport: async (ctx) => {
    const couple = ctx.store.couples.get(ctx.params.coupleId);
    if (!couple) throw badRequest(PAIR_NOT_FOUND);
    if (couple.reportSuppliedAt === null) throw badRequest(PAIR_REPORT_NOT_AVAILABLE);
    const view = coupleView(ctx.store, couple);
    if (ctx.query.pdf !== 1) return new FileAnswer(Buffer.from(pairReportHtml(view, suppliedDate(couple))), 'text/html; charset=utf-8');
    const answer = new FileAnswer(await pairReportPdf(view, suppliedDate(couple)), CONTENT_TYPES.pdf);
    ctx.reply.header('content-disposition', attachmentDisposition(pairReportFileName(view)));
    return answer;
  },
};
