import { ProfileScreen } from '../../../features/profile/components/profile-screen.tsx';

/** /profile (spec coach-shell §2.12), reached by the coach's name in the drawer. */
export function Component() {
  return <ProfileScreen />;
}
