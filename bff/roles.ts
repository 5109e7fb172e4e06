// Which operations a role may not call: the BFF refuses them (403 role_refused), not just the menu
// (spec coach-shell §2.1, §6). One entry per contract operation, so a new operation cannot be added
// without deciding; the route plugin applies it before the handler runs.
import type { OperationId } from './operation.ts';
import { type ProblemError, problem } from './problem.ts';

/** A role a session can have beyond the coach's own (an assistant acting for the coach). */
export type Role = 'assistant';

const ALL: readonly Role[] = [];
/**
 * Assessments, Teams, Pairs and Balance are hidden for assistants (coach-shell §2.1), and so are the
 * profile's Details and Assistants sections (§2.12) and what only those areas do. Two exceptions the specs make:
 * the assessment list also serves SCO Given, which assistants keep, and an assistant may add clients
 * and order credits in bulk on the coach's behalf (assessments-and-clients §1), while the top bar shows
 * the token balance to everyone (getCredits).
 */
const NO_ASSISTANT: readonly Role[] = ['assistant'];

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
  // The shell, dashboard, messages, policies, profile (Password and Policies stay the assistant's).
  getDashboard: ALL,
  downloadActivitySummary: ALL,
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
  getEmailTemplate: ALL,
  updateEmailTemplate: ALL,
  revertEmailTemplate: ALL,
  listMiniAssessments: ALL,
  downloadMiniAssessmentsSpreadsheet: ALL,
  // Assessments (shared with SCO Given) and clients.
  listAssessments: ALL,
  editAssessments: ALL,
  combineAssessments: ALL,
  deleteAssessments: ALL,
  listAssessmentDetails: ALL,
  listAssessmentIds: ALL,
  previewInvite: ALL,
  sendInvites: ALL,
  downloadMailingDetails: ALL,
  listAssessmentProjects: ALL,
  previewReportEmail: ALL,
  sendReports: ALL,
  assignAssessmentSco: ALL,
  revokeAssessmentSco: ALL,
  setAssessmentsWrapped: ALL,
  listAssessmentHistory: ALL,
  copyAssessmentLink: ALL,
  downloadAssessmentReport: ALL,
  createReportDownload: ALL,
  getReportDownload: ALL,
  stopReportDownload: ALL,
  downloadReportArchive: ALL,
  listClients: ALL,
  createClient: ALL,
  uploadClientsSpreadsheet: ALL,
  importNewClientResults: ALL,
  getClient: ALL,
  addClientAssessment: ALL,
  importClientResults: ALL,
  // Balance: the balance itself and a bulk order stay (see above); the screen's history and cancelling do not.
  getCredits: ALL,
  orderCredits: ALL,
  listCreditTransactions: NO_ASSISTANT,
  cancelCreditOrder: NO_ASSISTANT,
  // The profile's Details section (its photo: the other fields are refused by updateProfile) and Assistants section.
  uploadProfilePhoto: NO_ASSISTANT,
  listAssistants: NO_ASSISTANT,
  addAssistant: NO_ASSISTANT,
  updateAssistant: NO_ASSISTANT,
  setAssistantBlocked: NO_ASSISTANT,
  // Pairs.
  listPairs: NO_ASSISTANT,
  createPair: NO_ASSISTANT,
  deletePairs: NO_ASSISTANT,
  previewPairReportEmail: NO_ASSISTANT,
  sendPairReports: NO_ASSISTANT,
  downloadPairReport: NO_ASSISTANT,
  // Teams.
  listTeams: NO_ASSISTANT,
  createTeam: NO_ASSISTANT,
  deleteTeams: NO_ASSISTANT,
  assignTeamSco: NO_ASSISTANT,
  revokeTeamSco: NO_ASSISTANT,
  getTeam: NO_ASSISTANT,
  updateTeam: NO_ASSISTANT,
  duplicateTeam: NO_ASSISTANT,
  addTeamMembers: NO_ASSISTANT,
  removeTeamMembers: NO_ASSISTANT,
  updateTeamMember: NO_ASSISTANT,
  requestTeamReport: NO_ASSISTANT,
  cancelTeamReportRequest: NO_ASSISTANT,
  downloadTeamReport: NO_ASSISTANT,
  downloadTeamSummary: NO_ASSISTANT,
};

export const ROLE_REFUSED_DETAIL = 'This is not available to an assistant.';

/** The roles a session has: an assisted session is the assistant's. */
export function rolesOf(flags: { assisted: boolean } | undefined): Role[] {
  return flags?.assisted ? ['assistant'] : [];
}

/** 403 role_refused when one of the session's roles may not call the operation, else nothing. */
export function roleRefusal(operationId: OperationId, flags: { assisted: boolean } | undefined): ProblemError | undefined {
  const refused = REFUSED_ROLES[operationId];
  return rolesOf(flags).some((role) => refused.includes(role)) ? problem(403, 'role_refused', ROLE_REFUSED_DETAIL) : undefined;
}
