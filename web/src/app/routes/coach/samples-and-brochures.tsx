import { Samples } from '../../../features/samples/components/samples.tsx';

/** /samples-and-brochures (spec coach-shell §2.8). */
export function Component() {
  return <Samples />;
}
