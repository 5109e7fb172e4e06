import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import type { GuestReport } from '../utils/report-tabs.ts';

// Only mini guests' reports have the switcher: its code loads when such a report is shown (the public-route budget).
const LanguageSwitcher = lazy(async () => ({ default: (await import('./language-switcher.tsx')).LanguageSwitcher }));

interface ReportToolbarProps {
  report: GuestReport;
  textOnly: boolean;
  showAll: boolean;
  onShowAllChange: (showAll: boolean) => void;
}

/** The viewer's controls: language (mini guests), all sections, print, text-only version. */
export function ReportToolbar({ report, textOnly, showAll, onShowAllChange }: ReportToolbarProps) {
  const [location] = useLocation();
  const [search, setSearch] = useSearchParams();
  const otherVersion = new URLSearchParams(search);
  if (textOnly) otherVersion.delete('version');
  else otherVersion.set('version', 'text');
  const otherVersionQuery = otherVersion.toString();

  return (
    <div className="row guest-report__toolbar">
      {/* spec: public-and-guest §2 "Variants", the mini-guest switcher is for Enneagram reports only. */}
      {report.reportCode === 'e' && report.languageOptions.length > 0 ? (
        <Suspense fallback={null}>
          <LanguageSwitcher
            languages={report.languageOptions}
            value={report.reportLanguage}
            onChange={(language) =>
              setSearch(
                (previous) => {
                  previous.set('language', language);
                  return previous;
                },
                { replace: true },
              )
            }
          />
        </Suspense>
      ) : null}
      <Button variant="secondary" onPress={() => onShowAllChange(!showAll)}>
        {showAll ? 'Show one section at a time' : 'Show all sections'}
      </Button>
      {showAll ? (
        <Button variant="secondary" onPress={() => window.print()}>
          Print
        </Button>
      ) : null}
      <Link className="guest-report__version" href={otherVersionQuery ? `${location}?${otherVersionQuery}` : location}>
        {textOnly ? 'Standard version' : 'Text-only version'}
      </Link>
    </div>
  );
}
