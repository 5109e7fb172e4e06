import type { ReactNode } from 'react';
import './truncated-text.css';

/**
 * Text kept to one line in a table cell: cut with an ellipsis where the table has no more room for it (the column gives
 * way before the table scrolls sideways), the whole text in its title (hover) and shown whole while its cell has the
 * focus (truncated-text.css). `children` draws the text when it is more than plain text (a name in bold before it).
 *
 * The column's widths come from an invisible copy drawn by CSS (`attr(data-text)`: not in the page's text, not read
 * out) that may break anywhere, so the column can give way down to its header; the text shown stays on one line.
 */
export function TruncatedText({ text, children, className }: { text: string; children?: ReactNode; className?: string }) {
  if (!text) return null;
  return (
    <span className={className ? `truncated-text ${className}` : 'truncated-text'}>
      <span className="truncated-text__sizer" data-text={text} aria-hidden="true" />
      <span className="truncated-text__text" title={text}>
        {children ?? text}
      </span>
    </span>
  );
}
