// The e-mail template editor (contract tag `templates`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { getEmailTemplate, revertEmailTemplate, updateEmailTemplate } from './templates-service.ts';

export const templatesRoutes: TagRoutes = () => ({ getEmailTemplate, updateEmailTemplate, revertEmailTemplate });
