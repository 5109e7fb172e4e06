import { Alert } from '../../../components/ui/alert.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

/** A report link whose report code or guest id cannot be right (spec: public-and-guest §2 routes). */
export function InvalidReportLink() {
  usePageTitle('Report');
  return (
    <main className="page">
      <h1>Report</h1>
      <Alert tone="error">This report link is not valid. Please use the link exactly as it was sent to you.</Alert>
    </main>
  );
}
