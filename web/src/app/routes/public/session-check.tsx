import { PublicLayout } from '../../../components/public-layout.tsx';
import { SessionCheck } from '../../../features/auth/components/session-check.tsx';

export function Component() {
  return (
    <PublicLayout>
      <SessionCheck />
    </PublicLayout>
  );
}
