// Every handler group, keyed by the contract's operationId.
import { assessmentHandlers } from './assessments.ts';
import { assistantHandlers } from './assistants.ts';
import { clientHandlers } from './clients.ts';
import { importHandlers } from './clients-import.ts';
import { coachDownloadHandlers } from './coach-downloads.ts';
import { combineHandlers } from './combine.ts';
import type { Handlers } from './context.ts';
import { coupleHandlers } from './couples.ts';
import { dashboardHandlers } from './dashboard.ts';
import { guestResultHandlers } from './guest-results.ts';
import { mailingHandlers } from './mailing-details.ts';
import { mintorHandlers } from './mintor.ts';
import { policyPageHandlers } from './policy-page.ts';
import { profileHandlers } from './profile.ts';
import { reportHandlers } from './reports.ts';
import { scoHandlers } from './sco.ts';
import { selfPayHandlers } from './self-pay.ts';
import { sessionHandlers } from './session.ts';
import { teamHandlers } from './teams.ts';
import { teamMemberHandlers } from './teams-members.ts';
import { teamReportHandlers } from './teams-reports.ts';
import { templateHandlers } from './templates.ts';

export const allHandlers: Handlers = {
  ...sessionHandlers,
  ...assessmentHandlers,
  ...dashboardHandlers,
  ...profileHandlers,
  ...assistantHandlers,
  ...templateHandlers,
  ...coachDownloadHandlers,
  ...policyPageHandlers,
  ...selfPayHandlers,
  ...mintorHandlers,
  ...guestResultHandlers,
  ...teamHandlers,
  ...teamMemberHandlers,
  ...teamReportHandlers,
  ...coupleHandlers,
  ...clientHandlers,
  ...scoHandlers,
  ...reportHandlers,
  ...combineHandlers,
  ...importHandlers,
  ...mailingHandlers,
};
