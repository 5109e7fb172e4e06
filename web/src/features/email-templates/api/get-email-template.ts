import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import type { EmailTemplateName } from '../../../lib/labels/email-templates.ts';
import { $api } from '../../../lib/query.ts';

export type EmailTemplate = components['schemas']['EmailTemplate'];

/** getEmailTemplate: the text in use, customised or the default (spec coach-shell §2.5). */
export const emailTemplateQueryOptions = (templateName: EmailTemplateName) =>
  $api.queryOptions('get', '/api/email-templates/{templateName}', { params: { path: { templateName } } });

export const useEmailTemplate = (templateName: EmailTemplateName) => useQuery(emailTemplateQueryOptions(templateName));
