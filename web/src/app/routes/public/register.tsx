import { useParams } from 'wouter';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { SelfRegistrationPage } from '../../../features/self-registration/components/self-registration-page.tsx';

/** /coachportal/register/{coachUUID} (spec: public-and-guest §2 "Self-registration"). */
export function Component() {
  const params = useParams<{ '*'?: string }>();
  return (
    <PublicLayout>
      <SelfRegistrationPage path={params['*'] ?? ''} />
    </PublicLayout>
  );
}
