// A team at a glance (spec coach-shell §2.7, §3 "Team member"): the completed members' Enneagram types on the nine
// points and their maturity stages, and the members still to complete, from the two lists the team page reads.
import type { components as Bff } from '../../../generated/bff.ts';
import { MATURITY_STAGES } from '../../domain/maturity.ts';
import { readMembers } from '../../domain/team-members.ts';
import { ownTeamOf, readTeams } from '../../domain/team-rows.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';

type TeamInsight = Bff['schemas']['TeamInsight'];
type TeamMember = Bff['schemas']['TeamMember'];
type StageCode = TeamInsight['maturity'][number]['code'];

/** The type of an Enneagram result as shown ("4 SX 145" → 4); null when it names none. */
export function enneaTypeOf(result: string | null): number | null {
  const match = result === null ? null : /^\s*([1-9])(?!\d)/.exec(result);
  return match ? Number(match[1]) : null;
}

/** The stage of a Maturity result as shown ("Performing (PE)" → 4), by its code, else its name; null for none. */
export function maturityStageOf(result: string | null): number | null {
  if (result === null) return null;
  const code = /\(([A-Z]{2})\)/.exec(result)?.[1];
  const text = result.trim().toLowerCase();
  const at = MATURITY_STAGES.findIndex((stage) => stage.code === code || stage.name.toLowerCase() === text);
  return at === -1 ? null : at + 1;
}

/** The figures of a team from its members: only completed members count, the others are named as pending. */
export function teamInsight(members: readonly TeamMember[]): TeamInsight {
  const enneagram = Array.from({ length: 9 }, (_, at) => ({ type: at + 1, count: 0, members: [] as string[] }));
  const maturity = MATURITY_STAGES.map((stage, at) => ({
    stage: at + 1,
    code: stage.code as StageCode,
    name: stage.name,
    count: 0,
    members: [] as string[],
  }));
  const pending: TeamInsight['pending'] = [];
  let completedCount = 0;
  for (const member of members) {
    if (member.completedAt === null) {
      pending.push({ id: member.id, name: member.displayName });
      continue;
    }
    completedCount += 1;
    const type = member.assessmentType === 'EIT' ? null : enneaTypeOf(member.enneaResult);
    const stage = member.assessmentType === 'ennea' ? null : maturityStageOf(member.scoreImf);
    for (const entry of [type === null ? undefined : enneagram[type - 1], stage === null ? undefined : maturity[stage - 1]]) {
      if (!entry) continue;
      entry.count += 1;
      entry.members.push(member.displayName);
    }
  }
  return { memberCount: members.length, completedCount, enneagram, maturity, pending };
}

/** getTeamInsight: the team checked as the team page checks it (404, a received team refused), then its members. */
export async function getTeamInsight({ params: { teamId } }: OperationInput<'getTeamInsight'>, ctx: SessionContext): Promise<TeamInsight> {
  ownTeamOf(await readTeams(ctx), teamId, 'view');
  return teamInsight(await readMembers(ctx, teamId));
}
