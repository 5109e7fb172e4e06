// The HTML form of the sandbox's reports: the same sections as the PDFs, on a small, self-contained page.

import { escapeHtml } from './html.ts';
import { type PdfSection, SANDBOX_NOTICE } from './pdf.ts';

export function reportHtml(content: { title: string; subtitle: string; sections: readonly PdfSection[] }): string {
  const sections = content.sections
    .map(
      (section) =>
        `<section><h2>${escapeHtml(section.heading)}</h2>${section.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</section>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>` +
    `<body><h1>${escapeHtml(content.title)}</h1><p>${escapeHtml(content.subtitle)}</p>${sections}` +
    `<footer><small>${escapeHtml(SANDBOX_NOTICE)}</small></footer></body></html>`
  );
}
