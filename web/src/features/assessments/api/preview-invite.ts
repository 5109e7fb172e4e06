import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type InviteRequest = components['schemas']['InviteRequest'];
export type EmailPreview = components['schemas']['EmailPreview'];

/**
 * previewInvite: the one representative invite e-mail of Send Invites/Reminders (spec assessments-and-clients §2.4
 * "preview", §4.3 "A preview shows the generated subject and body first"). A POST that sends nothing, so a query
 * keyed by the request; asked while the Preview dialog is open.
 */
export const previewInviteQueryOptions = (body: InviteRequest) => $api.queryOptions('post', '/api/assessments/invite-previews', { body });

export const useInvitePreview = (body: InviteRequest, enabled: boolean) => useQuery({ ...previewInviteQueryOptions(body), enabled });
