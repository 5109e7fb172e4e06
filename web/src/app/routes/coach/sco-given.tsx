import { AssessmentsScreen } from '../../../features/assessments/components/assessments-screen.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/** /sco-given: the assessments given to other coaches (spec assessments-and-clients §2.1, §4.7). */
export function Component() {
  return <AssessmentsScreen view="given" session={useSession()} />;
}
