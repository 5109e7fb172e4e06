import { ClientsScreen } from '../../../features/clients/components/clients-screen.tsx';

/** /clients: the clients view (spec assessments-and-clients §2.1); no drawer item, the spec lists none. */
export function Component() {
  return <ClientsScreen />;
}
