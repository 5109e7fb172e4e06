import { useSearchParams } from 'wouter';
import { TeamReport } from '../../../features/teams/components/team-report.tsx';

/** /team?id={teamId}: the team report page (spec coach-shell §2.7); the id in the address so that a reload keeps it. */
export function Component() {
  const [params] = useSearchParams();
  return <TeamReport teamId={params.get('id') ?? ''} />;
}
