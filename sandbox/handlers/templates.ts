// E-mail templates: the default text, the coach's customised text, and revert (spec coach-shell §2.5, §3, §4, §8).
import { defaultTemplate } from '../domain/email-templates.ts';
import { requireOwnCoach } from './access.ts';
import { badRequest, type Handlers } from './context.ts';

export const NOT_CUSTOMISED = 'This template has not been customised - it already is the default.';

export const templateHandlers: Handlers = {
  getEmailTemplate: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { templateName } = ctx.params;
    const fallback = { coachId: 0, emailText: defaultTemplate(templateName) };
    const override = ctx.store.templateOverrides.find((entry) => entry.coachUuid === coach.uuid && entry.templateName === templateName);
    // spec coach-shell §3: the first entry is the one in use; coachId above 0 marks it customised.
    return override ? [{ coachId: coach.id, emailText: override.emailText }, fallback] : [fallback];
  },

  updateEmailTemplate: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { templateName } = ctx.params;
    if (ctx.body.emailText.trim() === '') throw badRequest('The template text cannot be empty.');
    const override = ctx.store.templateOverrides.find((entry) => entry.coachUuid === coach.uuid && entry.templateName === templateName);
    if (override) override.emailText = ctx.body.emailText;
    else ctx.store.templateOverrides.push({ coachUuid: coach.uuid, templateName, emailText: ctx.body.emailText });
    return undefined;
  },

  revertEmailTemplate: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { templateName } = ctx.params;
    const before = ctx.store.templateOverrides.length;
    ctx.store.templateOverrides = ctx.store.templateOverrides.filter(
      (entry) => !(entry.coachUuid === coach.uuid && entry.templateName === templateName),
    );
    if (ctx.store.templateOverrides.length === before) throw badRequest(NOT_CUSTOMISED);
    return undefined;
  },
};
