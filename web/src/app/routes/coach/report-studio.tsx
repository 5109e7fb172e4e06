import { Redirect, useParams } from 'wouter';
import { ReportStudio } from '../../../features/assessments/components/report-studio.tsx';
import { ReportSample } from '../../../features/samples/components/samples.tsx';
import { studioCodeOf } from '../../../lib/labels/report-codes.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * /reports/{code}: the report studio (spec assessments-and-clients §2.1, §3.8); a report viewer's code (e, m, c, cp)
 * stands for its report's studio. The router sends only report codes here (a uuid is the guest report's).
 */
export function Component() {
  const { reportCode = '' } = useParams<{ reportCode: string }>();
  const session = useSession();
  const report = studioCodeOf(reportCode);
  if (!report) return <Redirect to="/samples-and-brochures" replace />;
  if (report !== reportCode) return <Redirect to={`/reports/${report}`} replace />;
  return <ReportStudio key={report} report={report} session={session} sample={<ReportSample reportCode={report} />} />;
}
