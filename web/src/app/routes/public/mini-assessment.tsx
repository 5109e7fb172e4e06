import { useParams } from 'wouter';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { MiniAssessmentPage } from '../../../features/mini-assessment/components/mini-assessment-page.tsx';

/** /coachportal/mini/{coachUuid}, the public mini self-registration link (spec: public-and-guest §2). */
export function Component() {
  const { coachUuid = '' } = useParams<{ coachUuid: string }>();
  return (
    <PublicLayout>
      <MiniAssessmentPage key={coachUuid} coachUuid={coachUuid} />
    </PublicLayout>
  );
}
