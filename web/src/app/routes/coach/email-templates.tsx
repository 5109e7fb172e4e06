import { EmailTemplates } from '../../../features/email-templates/components/email-templates.tsx';

/** /email-templates (spec coach-shell §2.5). */
export function Component() {
  return <EmailTemplates />;
}
