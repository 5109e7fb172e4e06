import { useParams } from 'wouter';
import { ClientResults } from '../../../features/clients/components/client-results.tsx';

/** /clighent/{uuid}: the client results page (spec assessments-and-clients §2.1; the path is the legacy portal's). */
export function Component() {
  const { clientId } = useParams<{ clientId: string }>();
  return <ClientResults key={clientId} clientId={clientId} />;
}
