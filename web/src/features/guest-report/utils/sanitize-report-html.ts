import DOMPurify from 'dompurify';

/**
 * The report content comes from the legacy API as HTML and is untrusted (openapi ReportSection):
 * DOMPurify's HTML profile drops scripts, event handlers and javascript: URLs. Forms and embedded
 * frames have no place in a report; inline styles are dropped because the CSP (style-src 'self')
 * refuses them anyway, and `target` so that no link opens a window that can reach back to this one.
 */
export function sanitizeReportHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'target'],
  });
}
