import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { emailTemplateQueryOptions } from './get-email-template.ts';

/** updateEmailTemplate: 'Update Template'; the answer is the template as now stored. */
export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/api/email-templates/{templateName}', {
    onSuccess: (template) => queryClient.setQueryData(emailTemplateQueryOptions(template.name).queryKey, template),
  });
}
