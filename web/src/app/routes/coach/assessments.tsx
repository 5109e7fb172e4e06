import { AssessmentsScreen } from '../../../features/assessments/components/assessments-screen.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/** /assessments: the coach's own assessments merged with the received ones (spec assessments-and-clients §2.1, §2.2). */
export function Component() {
  return <AssessmentsScreen view="own" session={useSession()} />;
}
