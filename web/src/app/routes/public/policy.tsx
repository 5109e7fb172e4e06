import { useParams } from 'wouter';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { PolicyPage } from '../../../features/policy/components/policy-page.tsx';

/** /coachportal/policies/{coachUuid}/{policyUuid} (spec: public-and-guest §2 "Coach policy page"). */
export function Component() {
  const { coachUuid = '', policyUuid = '' } = useParams<{ coachUuid: string; policyUuid: string }>();
  return (
    <PublicLayout>
      <PolicyPage key={`${coachUuid}/${policyUuid}`} coachUuid={coachUuid} policyUuid={policyUuid} />
    </PublicLayout>
  );
}
