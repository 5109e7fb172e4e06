import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML from the legacy API (the result text), sanitised before it reaches the page. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
