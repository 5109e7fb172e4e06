// The Email Templates screen (spec coach-shell §2.5, §3 "Email template", §4, §5, §8): the legacy list
// whose first entry is the template in use (coachId above 0: customised) ↔ the contract's EmailTemplate,
// the update and the revert with their toasts' failures.
import type { components as Bff } from '../../../generated/bff.ts';
import type { OperationHandler, SessionContext } from '../../operation.ts';
import { failed, ProblemError, upstreamError } from '../../problem.ts';
import { legacyFailure } from '../../upstream/legacy-client.ts';

type EmailTemplate = Bff['schemas']['EmailTemplate'];
type TemplateName = Bff['schemas']['EmailTemplateName'];
type Placeholder = EmailTemplate['placeholders'][number];

export const TEMPLATE_FAILED = 'Error, Unsuccessful';

// spec coach-shell §2.5: the documented placeholders. An invite carries the assessment link and no
// report links; a report e-mail the report links and no assessment link.
const COMMON: readonly Placeholder[] = ['guestemail', 'guestname', 'guestsurname', 'coachname', 'coachsurname', 'coachemail'];
const REPORT_TEMPLATES: ReadonlySet<TemplateName> = new Set(['send_reports', 'send_reports_pair', 'self_register_send_reports']);

export function placeholdersOf(name: TemplateName): Placeholder[] {
  return [...COMMON, REPORT_TEMPLATES.has(name) ? 'reportlinks' : 'assessmentlink'];
}

/** 'Error, Unsuccessful': 400 when the legacy API refused the change (the user's), 502 when it failed. */
function templateFailed(cause?: unknown, response: { status: number } = { status: 502 }): ProblemError {
  return Object.assign(legacyFailure({ response }, 'template_update_failed', TEMPLATE_FAILED), { cause });
}

/** The legacy API's own failures (not a timeout, not an ended session) are the screen's 'Error, Unsuccessful'. */
async function orTemplateFailed<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'upstream_error') throw templateFailed(error);
    throw error;
  }
}

async function readTemplate(name: TemplateName, ctx: SessionContext): Promise<EmailTemplate> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/emailtemplates/{templateName}', {
    params: { path: { coachId: ctx.session.coachId, templateName: name } },
    signal: ctx.signal,
  });
  const inUse = data?.[0];
  if (!inUse) throw upstreamError();
  return { name, isCustomised: inUse.coachId > 0, text: inUse.emailText, placeholders: placeholdersOf(name) };
}

/** getEmailTemplate: the text in use and whether it is the coach's own. */
export const getEmailTemplate: OperationHandler<'getEmailTemplate'> = ({ params }, ctx) => readTemplate(params.templateName, ctx);

/** updateEmailTemplate: saves the coach's version; the answer is the template as now stored. */
export const updateEmailTemplate: OperationHandler<'updateEmailTemplate'> = async ({ params, body }, ctx) => {
  const name = params.templateName;
  // spec coach-shell §4: the editor only enables Update for a changed text; a blank one is never a template.
  if (body.text.trim() === '') throw failed(400, 'validation_failed', 'The template text cannot be empty.');
  const { response } = await orTemplateFailed(() =>
    ctx.legacy.PUT('/api/v2/coaches/{coachId}/emailtemplates/{templateName}', {
      params: { path: { coachId: ctx.session.coachId, templateName: name } },
      body: { emailText: body.text },
      signal: ctx.signal,
    }),
  );
  if (!response.ok) throw templateFailed(undefined, response);
  return { name, isCustomised: true, text: body.text, placeholders: placeholdersOf(name) };
};

/** revertEmailTemplate: deletes the coach's version and answers the default, read back. */
export const revertEmailTemplate: OperationHandler<'revertEmailTemplate'> = async ({ params }, ctx) => {
  const name = params.templateName;
  const { response } = await orTemplateFailed(() =>
    ctx.legacy.DELETE('/api/v2/coaches/{coachId}/emailtemplates/{templateName}', {
      params: { path: { coachId: ctx.session.coachId, templateName: name } },
      signal: ctx.signal,
    }),
  );
  if (!response.ok) {
    // The legacy API refuses to revert a default template; anything else is a failed revert.
    const current = await orTemplateFailed(() => readTemplate(name, ctx));
    if (!current.isCustomised) throw failed(409, 'template_not_customised', TEMPLATE_FAILED);
    throw templateFailed(undefined, response);
  }
  return orTemplateFailed(() => readTemplate(name, ctx));
};
