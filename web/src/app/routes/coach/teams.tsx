import { TeamsScreen } from '../../../features/teams/components/teams-screen.tsx';

/** /teams (spec coach-shell §2.6). */
export function Component() {
  return <TeamsScreen />;
}
