import { Balance } from '../../../features/balance/components/balance.tsx';

/** /balance (spec coach-shell §2.9). */
export function Component() {
  return <Balance />;
}
