import { MiniAssessments } from '../../../features/mini-assessments/components/mini-assessments.tsx';

/** /mini-assessments (spec coach-shell §2.4). */
export function Component() {
  return <MiniAssessments />;
}
