import { SessionCheck } from '../../../features/auth/components/session-check.tsx';

export function Component() {
  return <SessionCheck />;
}
