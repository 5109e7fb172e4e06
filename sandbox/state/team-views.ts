// Teams, members and pairs as the legacy contract shapes them (spec coach-shell §3 "Team", "Team member"; assessments-and-clients §3.10).
import type { components } from '../../generated/legacy.ts';
import { pairInfo } from '../domain/pairs.ts';
import { reportRequestedDisplay, TEAM_REPORT_NAMES } from '../domain/teams.ts';
import type { AssessmentRecord, CoupleRecord, TeamMemberRecord, TeamRecord } from './model.ts';
import type { Store } from './store.ts';

type Schemas = components['schemas'];

export const teamMembersOf = (store: Store, teamUuid: string): TeamMemberRecord[] =>
  store.teamMembers.filter((member) => member.teamUuid === teamUuid);

/** PPTX is offered for the Maturity and Combined team reports; the Enneagram one is a PDF only (the contract's examples). */
export const offersPptx = (team: Pick<TeamRecord, 'reportRequested'>): boolean =>
  team.reportRequested !== null && team.reportRequested !== 'Ennea';

export function teamView(store: Store, team: TeamRecord, viewerUuid: string): Schemas['Team'] {
  const available = team.reportSuppliedAt !== null;
  const received = team.coachUuid !== viewerUuid;
  const owner = store.coaches.get(team.coachUuid);
  return {
    id: team.id,
    uuid: team.uuid,
    name: team.name,
    description: team.description,
    coach: team.coach,
    memberCount: teamMembersOf(store, team.uuid).length,
    createdAt: team.createdAt,
    reportRequested: team.reportRequested,
    reportRequestedDisplay: reportRequestedDisplay(team.reportRequested),
    reportDueDate: team.reportDueDate,
    reportSuppliedAt: team.reportSuppliedAt,
    isReportAvailable: available,
    offerReportPDF: available,
    offerReportPPTX: available && offersPptx(team),
    duplicatedSourceId: team.duplicatedSourceId,
    scoReceivedFrom: received ? { name: `${owner?.name ?? ''} ${owner?.surname ?? ''}`.trim() } : null,
    scoGivenTo: received
      ? []
      : team.scoGivenTo.map((uuid) => {
          const coach = store.coaches.get(uuid);
          return { uuid, name: coach?.name ?? '', surname: coach?.surname ?? '' };
        }),
    teamReportNames: { ...TEAM_REPORT_NAMES },
  };
}

/** The Enneagram result as the member table shows it: type, instinct, trifix ("4 SX 145"). */
export function enneaResult(assessment: Pick<AssessmentRecord, 'userEnnea' | 'userInstinct' | 'orderedTriType'>): string | null {
  if (assessment.userEnnea === null) return null;
  return [assessment.userEnnea, assessment.userInstinct, assessment.orderedTriType].filter((part) => part !== null).join(' ');
}

export function teamMemberView(store: Store, member: TeamMemberRecord): Schemas['TeamMember'] | null {
  const assessment = store.assessments.get(member.assessmentUuid);
  if (!assessment) return null;
  const client = store.clients.get(assessment.clientUUID);
  return {
    uuid: assessment.uuid,
    isTeamLeader: member.isTeamLeader,
    memberComments: member.memberComments,
    displayName: `${client?.name ?? ''} ${client?.surname ?? ''}`.trim(),
    userCoach: assessment.userCoach,
    userCompany: client?.company ?? null,
    // The sandbox keeps no occupation for clients; the contract allows null.
    userOccupation: null,
    assessmentType: assessment.assessmentType,
    enneaResult: enneaResult(assessment),
    scoreIMF: assessment.scoreIMF,
    completedAt: assessment.guestCompletedAt,
  };
}

export function coupleView(store: Store, couple: CoupleRecord): Schemas['Couple'] {
  const members = couple.assessmentUuids.map((uuid) => {
    const assessment = store.assessments.get(uuid);
    const client = assessment ? store.clients.get(assessment.clientUUID) : undefined;
    return {
      uuid,
      clientName: client?.name ?? '',
      clientSurname: client?.surname ?? '',
      clientEmail: client?.email ?? '',
      scoreIMF: assessment?.scoreIMF ?? null,
      userEnnea: assessment?.userEnnea ?? null,
      userTriType: assessment?.userTriType ?? null,
      userInstinct: assessment?.userInstinct ?? null,
      company: client?.company ?? null,
      project: assessment?.userCoach ?? null,
    };
  });
  const [first] = members;
  return {
    uuid: couple.uuid,
    info: pairInfo(members),
    coupleType: couple.coupleType,
    assessments: members.map(({ company: _company, project: _project, ...member }) => member),
    reportSuppliedAt: couple.reportSuppliedAt ?? '-',
    reportSent: couple.reportSentAt ?? '-',
    company: first?.company ?? null,
    project: first?.project ?? null,
    updatedAt: couple.updatedAt,
  };
}
