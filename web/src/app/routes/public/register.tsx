import { useParams } from 'wouter';
import { SelfRegistrationPage } from '../../../features/self-registration/components/self-registration-page.tsx';

/** /coachportal/register/{coachUUID} (spec: public-and-guest §2 "Self-registration"). */
export function Component() {
  const params = useParams<{ '*'?: string }>();
  return <SelfRegistrationPage path={params['*'] ?? ''} />;
}
