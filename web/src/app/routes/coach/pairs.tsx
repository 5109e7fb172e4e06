import { PairsScreen } from '../../../features/pairs/components/pairs-screen.tsx';

/** /pairs (spec assessments-and-clients §3.10). */
export function Component() {
  return <PairsScreen />;
}
