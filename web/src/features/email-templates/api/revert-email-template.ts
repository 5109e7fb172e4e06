import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { emailTemplateQueryOptions } from './get-email-template.ts';

/** revertEmailTemplate: 'Revert template to default'; the answer is the default, now in use. */
export function useRevertEmailTemplate() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/email-templates/{templateName}', {
    onSuccess: (template) => queryClient.setQueryData(emailTemplateQueryOptions(template.name).queryKey, template),
  });
}
