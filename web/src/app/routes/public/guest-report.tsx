import { useParams, useSearchParams } from 'wouter';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { GuestReportPage } from '../../../features/guest-report/components/guest-report-page.tsx';
import { InvalidReportLink } from '../../../features/guest-report/components/invalid-report-link.tsx';
import { reportRequestFrom } from '../../../features/guest-report/utils/report-request.ts';

/**
 * The guest report viewer: reports/{guestId} (legacy, always `e`), reports/{reportCode}/{guestId} and
 * customreports/{reportCode}/{guestId}, with ?language, ?version=text, ?trifix, ?instinct (spec:
 * public-and-guest §2).
 */
export function Component() {
  const params = useParams<{ reportCode?: string; guestId?: string }>();
  const [search] = useSearchParams();
  const request = reportRequestFrom(params, search);
  return <PublicLayout>{request ? <GuestReportPage request={request} /> : <InvalidReportLink />}</PublicLayout>;
}
