import { mayOpen } from '../../../features/coach-shell/utils/drawer-items.ts';
import { Samples } from '../../../features/samples/components/samples.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/** /samples-and-brochures (spec coach-shell §2.8), each report linked to its studio for a coach who may open it. */
export function Component() {
  return <Samples studioLinks={mayOpen(useSession(), 'reportStudio')} />;
}
