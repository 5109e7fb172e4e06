import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML from the legacy API (report sections, policy texts, mini results, messages) is untrusted:
 * DOMPurify's HTML profile drops scripts, event handlers and javascript: URLs. Forms and embedded
 * frames have no place in it; inline styles are dropped because the CSP (style-src) refuses them
 * anyway, and `target` so that no link opens a window that can reach back to this one.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'target'],
  });
}

/** Legacy HTML rendered after sanitising (the one place the app sets inner HTML). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
