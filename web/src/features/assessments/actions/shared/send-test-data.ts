// The selected assessments the send actions' tests read from the fake BFF's listAssessmentDetails.
import type { AssessmentDetails } from '../../api/list-assessment-details.ts';

export const assessmentId = (n: number) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function details(n: number, name: string, extra: Partial<AssessmentDetails> = {}): AssessmentDetails {
  const [clientName = name, clientSurname = ''] = name.split(' ');
  return {
    id: assessmentId(n),
    clientId: `c1e00000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    clientName,
    clientSurname,
    clientEmail: `${clientName.toLowerCase()}@example.com`,
    company: 'Karoo Logistics',
    project: 'Leadership Programme 2025',
    assessmentType: 'ennea',
    language: 'english',
    tokenType: 'paid',
    createdAt: '2025-09-01T08:15:00Z',
    inviteState: 'notInvited',
    markingState: 'notMarked',
    reportSent: false,
    reportsToAutoSend: [],
    wrapped: false,
    receivedFromAnotherCoach: false,
    toCoaches: [],
    availableReports: { pdf: [], html: [], awaitingMarking: [] },
    permissions: { canEdit: true, canDelete: true, canWrap: true, canAssignSco: true, canInvite: true },
    otherData: '',
    coach: { id: assessmentId(900), name: 'Amara', surname: 'Botha' },
    updatedAt: '2025-09-01T08:15:00Z',
    ...extra,
  };
}
