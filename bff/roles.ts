// Which operations a role may not call: the BFF refuses them (403 role_refused), not just the menu
// (spec coach-shell §2.1, §6). One entry per contract operation, so a new operation cannot be added
// without deciding; the route plugin applies it before the handler runs.
import type { OperationId } from './operation.ts';
import { type ProblemError, problem } from './problem.ts';

/**
 * A role a session can have beyond the coach's own: an assistant acting for the coach, and a coach limited to the
 * mini-assessment offering (the coach's `onlyMiniAssessment` at sign-in).
 */
export type Role = 'assistant' | 'miniOnly';

const ALL: readonly Role[] = [];
/**
 * Assessments, Teams, Pairs and Balance are hidden for assistants (coach-shell §2.1), and so are the
 * profile's Details and Assistants sections (§2.12) and what only those areas do. Two exceptions the specs make:
 * the assessment list also serves SCO Given, which assistants keep, and an assistant may add clients
 * and order credits in bulk on the coach's behalf (assessments-and-clients §1, §6: the Assessments screen is out of
 * their menu, not closed), while the top bar shows the token balance to everyone (getCredits).
 */
const NO_ASSISTANT: readonly Role[] = ['assistant'];
/**
 * A coach limited to minis keeps the Dashboard (its notice only), Mini-Assessments, Messages, Samples and the profile
 * (coach-shell §2.1, §2.3, §6); the other areas of the menu are refused, SCO Given and the dashboard's summary
 * spreadsheet included. The top bar's balance stays.
 */
const NO_MINI_ONLY: readonly Role[] = ['miniOnly'];
const NEITHER: readonly Role[] = ['assistant', 'miniOnly'];

export const REFUSED_ROLES: { readonly [K in OperationId]: readonly Role[] } = {
  // Public and session operations.
  getLiveness: ALL,
  getReadiness: ALL,
  createSession: ALL,
  getSession: ALL,
  deleteSession: ALL,
  extendSession: ALL,
  startImpersonatedSession: ALL,
  requestPasswordReset: ALL,
  resetPassword: ALL,
  getCheckout: ALL,
  capturePayPalOrder: ALL,
  createPayPalOrder: ALL,
  createCheckout: ALL,
  submitMiniSection1: ALL,
  submitMiniSection2: ALL,
  getMiniTranslations: ALL,
  startMiniAssessment: ALL,
  getPolicyPage: ALL,
  acknowledgePolicy: ALL,
  getGuestReport: ALL,
  getSelfRegistration: ALL,
  // The shell, dashboard, messages, policies, profile (Password and Policies stay the assistant's); email templates and the
  // dashboard's summary spreadsheet are not the mini-only coach's.
  getDashboard: ALL,
  // A mini-only coach's pipeline is their mini-assessments'.
  getDashboardPipeline: NO_ASSISTANT,
  // Both answer every role: what a role may not see is left out of the answer (the kinds its drawer hides).
  searchPortal: ALL,
  getUpdates: ALL,
  downloadActivitySummary: NO_MINI_ONLY,
  sendFeedback: ALL,
  listMessages: ALL,
  listSampleReports: ALL,
  acknowledgeMessages: ALL,
  listPolicies: ALL,
  getPolicyAlert: ALL,
  getProfile: ALL,
  updateProfile: ALL,
  getProfilePhoto: ALL,
  startTwoFactorSetup: ALL,
  disableTwoFactor: ALL,
  verifyTwoFactor: ALL,
  // Where the account is signed in: an assistant's are the assistant's own (bff/session/session-record.ts, account).
  listSignedInSessions: ALL,
  signOutOtherSessions: ALL,
  getEmailTemplate: NO_MINI_ONLY,
  updateEmailTemplate: NO_MINI_ONLY,
  revertEmailTemplate: NO_MINI_ONLY,
  listMiniAssessments: ALL,
  exportMiniAssessments: ALL,
  downloadMiniAssessmentsSpreadsheet: ALL,
  // Assessments (shared with SCO Given) and clients: an assistant keeps them (see above).
  listAssessments: NO_MINI_ONLY,
  editAssessments: NO_MINI_ONLY,
  combineAssessments: NO_MINI_ONLY,
  deleteAssessments: NO_MINI_ONLY,
  listAssessmentDetails: NO_MINI_ONLY,
  listAssessmentIds: NO_MINI_ONLY,
  exportAssessments: NO_MINI_ONLY,
  summarizeAssessmentSelection: NO_MINI_ONLY,
  getAssessmentBatchJob: NO_MINI_ONLY,
  stopAssessmentBatchJob: NO_MINI_ONLY,
  previewInvite: NO_MINI_ONLY,
  sendInvites: NO_MINI_ONLY,
  downloadMailingDetails: NO_MINI_ONLY,
  listAssessmentProjects: NO_MINI_ONLY,
  previewReportEmail: NO_MINI_ONLY,
  sendReports: NO_MINI_ONLY,
  assignAssessmentSco: NO_MINI_ONLY,
  revokeAssessmentSco: NO_MINI_ONLY,
  setAssessmentsWrapped: NO_MINI_ONLY,
  listAssessmentHistory: NO_MINI_ONLY,
  copyAssessmentLink: NO_MINI_ONLY,
  downloadAssessmentReport: NO_MINI_ONLY,
  createReportDownload: NO_MINI_ONLY,
  getReportDownload: NO_MINI_ONLY,
  stopReportDownload: NO_MINI_ONLY,
  downloadReportArchive: NO_MINI_ONLY,
  listClients: NO_MINI_ONLY,
  exportClients: NO_MINI_ONLY,
  createClient: NO_MINI_ONLY,
  uploadClientsSpreadsheet: NO_MINI_ONLY,
  importNewClientResults: NO_MINI_ONLY,
  getClient: NO_MINI_ONLY,
  addClientAssessment: NO_MINI_ONLY,
  importClientResults: NO_MINI_ONLY,
  // Balance: the balance itself and (for an assistant) a bulk order stay (see above); the screen's history and cancelling do not.
  getCredits: ALL,
  orderCredits: NO_MINI_ONLY,
  listCreditTransactions: NEITHER,
  exportCreditTransactions: NEITHER,
  cancelCreditOrder: NEITHER,
  // The profile's Details section (its photo: the other fields are refused by updateProfile) and Assistants section.
  uploadProfilePhoto: NO_ASSISTANT,
  listAssistants: NO_ASSISTANT,
  addAssistant: NO_ASSISTANT,
  updateAssistant: NO_ASSISTANT,
  setAssistantBlocked: NO_ASSISTANT,
  // Pairs.
  listPairs: NEITHER,
  exportPairs: NEITHER,
  createPair: NEITHER,
  deletePairs: NEITHER,
  previewPairReportEmail: NEITHER,
  sendPairReports: NEITHER,
  downloadPairReport: NEITHER,
  // Teams.
  listTeams: NEITHER,
  exportTeams: NEITHER,
  createTeam: NEITHER,
  deleteTeams: NEITHER,
  assignTeamSco: NEITHER,
  revokeTeamSco: NEITHER,
  getTeam: NEITHER,
  updateTeam: NEITHER,
  duplicateTeam: NEITHER,
  addTeamMembers: NEITHER,
  removeTeamMembers: NEITHER,
  updateTeamMember: NEITHER,
  requestTeamReport: NEITHER,
  cancelTeamReportRequest: NEITHER,
  downloadTeamReport: NEITHER,
  downloadTeamSummary: NEITHER,
  // The insights panels: an assistant's dashboard shows no assessment figures, and Balance's history and the team
  // page are refused as their screens are; a mini-only coach's completions are their mini-assessments.
  getCompletionsInsight: NO_ASSISTANT,
  getCreditsInsight: NEITHER,
  getTeamInsight: NEITHER,
};

export const ROLE_REFUSED_DETAIL = 'This is not available to an assistant.';
// spec coach-shell §2.3: the mini-only coach's dashboard notice.
export const MINI_ONLY_REFUSED_DETAIL = 'Your access is limited to the Mini-Assessment offering.';

const REFUSED_DETAIL: Readonly<Record<Role, string>> = { assistant: ROLE_REFUSED_DETAIL, miniOnly: MINI_ONLY_REFUSED_DETAIL };

type RoleFlags = { assisted: boolean; onlyMiniAssessment?: boolean | undefined };

/** The roles a session has: an assisted session is the assistant's; a coach limited to minis, as at sign-in. */
export function rolesOf(flags: RoleFlags | undefined): Role[] {
  return [...(flags?.assisted ? (['assistant'] as const) : []), ...(flags?.onlyMiniAssessment ? (['miniOnly'] as const) : [])];
}

/** 403 role_refused when one of the session's roles may not call the operation (its detail the first such role's), else nothing. */
export function roleRefusal(operationId: OperationId, flags: RoleFlags | undefined): ProblemError | undefined {
  const refused = REFUSED_ROLES[operationId];
  const role = rolesOf(flags).find((each) => refused.includes(each));
  return role ? problem(403, 'role_refused', REFUSED_DETAIL[role]) : undefined;
}
