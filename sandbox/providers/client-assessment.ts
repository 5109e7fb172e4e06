// A stand-in of the client's side of the legacy portal (spec assessments-and-clients §2.1 "/register/token with query
// userToken: the client's assessment link"): the link an invite, a copied link or the mailing details carry opens here,
// on the sandbox's own host, as the legacy link opens on the legacy host. The page says who invited the client to which
// assessment; "Start the assessment" registers the client (the coach's table: Started - Incomplete), "Complete the
// assessment" completes it with the results the completion control gives (sandbox/controls/completions.ts). The
// coach's screens then see it through their usual updates. The questions themselves are not played. Not part of the
// legacy contract; never used in production, where the legacy host answers the link.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { completeAsClient } from '../controls/completions.ts';
import { ASSESSMENT_TYPE_NAMES } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { isComplete, isRegistered } from '../domain/pipeline.ts';
import { escapeHtml } from '../files/html.ts';
import type { Clock } from '../handlers/context.ts';
import type { AssessmentRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';

export const CLIENT_LINK_PATH = '/register/token';

type Step = 'start' | 'complete';
const STEPS: readonly Step[] = ['start', 'complete'];

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<p>Client assessment stand-in (sandbox): the questions are not asked.</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The assessment whose link carries this token (the sandbox's records are few: a scan). */
function byToken(store: Store, token: unknown): AssessmentRecord | undefined {
  if (typeof token !== 'string' || token === '') return undefined;
  for (const assessment of store.assessments.values()) if (assessment.userToken === token) return assessment;
  return undefined;
}

function stepForm(token: string, step: Step, label: string): string {
  return `<form method="post" action="${CLIENT_LINK_PATH}">
<input type="hidden" name="userToken" value="${escapeHtml(token)}">
<button type="submit" name="step" value="${step}">${escapeHtml(label)}</button>
</form>`;
}

function assessmentPage(store: Store, assessment: AssessmentRecord): string {
  const client = store.clients.get(assessment.clientUUID);
  const coach = store.coaches.get(assessment.coachUUID);
  const type = ASSESSMENT_TYPE_NAMES[assessment.assessmentType];
  const who = coach ? `${coach.name} ${coach.surname} (${coach.email})` : 'Your coach';
  const greeting = `<p>Dear ${escapeHtml(client?.name ?? 'client')},</p>
<p>${escapeHtml(who)} has invited you to complete the ${escapeHtml(type)} assessment. It takes roughly 10 to 40 minutes.</p>`;
  if (isComplete(assessment)) {
    return page(`${type} assessment completed`, `${greeting}\n<p>You have completed the assessment. Your coach will be in touch.</p>`);
  }
  if (isRegistered(assessment)) {
    return page(
      `${type} assessment started`,
      `${greeting}\n<p>You have started the assessment.</p>\n${stepForm(assessment.userToken, 'complete', 'Complete the assessment')}`,
    );
  }
  return page(`${type} assessment`, `${greeting}\n${stepForm(assessment.userToken, 'start', 'Start the assessment')}`);
}

const notValid = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(page('Assessment link not valid', '<p>This assessment link is not valid. Please ask your coach for a new one.</p>'));

export function registerClientAssessment(app: FastifyInstance, store: Store, clock: Clock): void {
  app.get<{ Querystring: { userToken?: unknown } }>(CLIENT_LINK_PATH, async (request, reply) => {
    const assessment = byToken(store, request.query.userToken);
    if (!assessment) return notValid(reply);
    return reply.type('text/html; charset=utf-8').send(assessmentPage(store, assessment));
  });

  // The page's two steps; each answers the page again at the link (303), so a reload does not repeat the step.
  app.post<{ Body: { userToken?: unknown; step?: unknown } }>(CLIENT_LINK_PATH, async (request, reply) => {
    const assessment = byToken(store, request.body?.userToken);
    if (!assessment) return notValid(reply);
    const step = request.body?.step as Step;
    if (!STEPS.includes(step))
      return reply.code(400).type('text/html; charset=utf-8').send(page('Step not valid', '<p>Start or complete.</p>'));
    if (!isComplete(assessment)) {
      if (step === 'complete') completeAsClient(assessment, clock);
      else if (!isRegistered(assessment)) {
        const now = legacyDateTime(new Date(clock.now()));
        Object.assign(assessment, { userRegistration: 1, guestRegisteredAt: now, guestUpdatedAt: now });
      }
    }
    return reply.redirect(`${CLIENT_LINK_PATH}?userToken=${encodeURIComponent(assessment.userToken)}`, 303);
  });
}
