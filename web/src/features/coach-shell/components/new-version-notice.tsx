import { Alert } from '../../../components/ui/alert.tsx';
import { isNewerVersion } from '../../../lib/session/version.ts';

/** spec public-and-guest §4, coach-shell §2.1: a newer portal is deployed; a full reload loads it. */
export function NewVersionNotice({ portalVersion }: { portalVersion: string }) {
  if (!isNewerVersion(portalVersion)) return null;
  return (
    <Alert tone="info">
      A new version of the coach portal is available. {/* A plain link on purpose: a full page load fetches the new build. */}
      <a href={window.location.href} className="link">
        Refresh the page
      </a>
    </Alert>
  );
}
