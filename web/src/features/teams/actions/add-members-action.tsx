import { useLocation } from 'wouter';
import { useRunOnMount } from '../../../lib/use-run-on-mount.ts';
import type { TeamActionProps } from './own-team.ts';

/**
 * Add Team Members (spec coach-shell §2.6): members are added from the assessments page ('Add To Team'); with one own
 * team selected, Add To Team there has it preselected.
 */
export default function AddMembersAction({ ids, rows, finish }: TeamActionProps) {
  const [, navigate] = useLocation();
  useRunOnMount(() => {
    const team = ids.length === 1 ? rows[0] : undefined;
    finish();
    navigate(team && !team.isReceived ? `/assessments?addToTeam=${encodeURIComponent(team.id)}` : '/assessments');
  });
  return null;
}
