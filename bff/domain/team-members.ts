// A team's members as the contract carries them (spec coach-shell §3 "Team member"): the legacy members list read and
// mapped once, for the team page, its report request and the team at a glance.
import type { components as Bff } from '../../generated/bff.ts';
import type { components as Legacy } from '../../generated/legacy.ts';
import type { SessionContext } from '../operation.ts';
import { upstreamError } from '../problem.ts';
import { fromLegacyTime } from './legacy-time.ts';

type TeamMember = Bff['schemas']['TeamMember'];
type LegacyMember = Legacy['schemas']['TeamMember'];

/** One legacy member; null when its completion time is not a legacy time. */
export function toTeamMember(member: LegacyMember): TeamMember | null {
  const completedAt = member.completedAt === null ? null : fromLegacyTime(member.completedAt);
  if (member.completedAt !== null && completedAt === null) return null;
  return {
    id: member.uuid,
    isTeamLeader: member.isTeamLeader === 1,
    memberComments: member.memberComments ?? '',
    displayName: member.displayName,
    project: member.userCoach ?? '',
    company: member.userCompany ?? '',
    occupation: member.userOccupation ?? '',
    assessmentType: member.assessmentType,
    enneaResult: member.enneaResult,
    scoreImf: member.scoreIMF,
    completedAt,
  };
}

/** The team's members as the contract carries them (GET api/v2/teams/{teamId}/members). */
export async function readMembers(ctx: SessionContext, teamId: string): Promise<TeamMember[]> {
  const { data } = await ctx.legacy.GET('/api/v2/teams/{teamId}/members', { params: { path: { teamId } } });
  if (!data) throw upstreamError();
  const members = data.map(toTeamMember);
  if (members.some((member) => member === null)) {
    ctx.log.error({ teamId }, 'team members answered a completedAt that is not a legacy time');
    throw upstreamError();
  }
  return members as TeamMember[];
}
