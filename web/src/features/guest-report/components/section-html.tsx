import { useMemo } from 'react';
import { sanitizeReportHtml } from '../utils/sanitize-report-html.ts';

/** A section of the report content: the legacy HTML, sanitised before it reaches the DOM. */
export function SectionHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeReportHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has just been sanitised by DOMPurify (sanitize-report-html.ts).
  return <div className="report-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}
