import { useId } from 'react';
import { enneagramPoint, hexadPath, trianglePath } from './brand/enneagram-geometry.ts';
import './enneagram-figure.css';

// The nine-point figure of a result (spec public-and-guest §3 "Lists": styles 1 to 9), the guest's style marked.
// Plain SVG (no chart library): it is drawn on public pages within their budget.

const CENTRE = 100;
const RADIUS = 74;
const STYLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export interface EnneagramFigureProps {
  /** The style to mark (1 to 9); none marks no point. */
  style?: number | undefined;
  /** What the figure shows, for assistive technology (its accessible name). */
  title: string;
  /** A longer account of the figure (its accessible description). */
  description?: string;
  className?: string;
}

/** The Enneagram's nine points on a circle, joined by the triangle and the hexad, with `style` marked. */
export function EnneagramFigure({ style, title, description, className }: EnneagramFigureProps) {
  const id = useId();
  return (
    <svg
      className={['enneagram-figure', className].filter(Boolean).join(' ')}
      viewBox="0 0 200 200"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-desc` : undefined}
      focusable="false"
    >
      <title id={`${id}-title`}>{title}</title>
      {description ? <desc id={`${id}-desc`}>{description}</desc> : null}
      <circle className="enneagram-figure__circle" cx={CENTRE} cy={CENTRE} r={RADIUS} />
      <path className="enneagram-figure__hexad" d={hexadPath(CENTRE, RADIUS)} />
      <path className="enneagram-figure__triangle" d={trianglePath(CENTRE, RADIUS)} />
      {STYLES.map((n) => {
        const { x, y } = enneagramPoint(n, CENTRE, RADIUS);
        const marked = n === style;
        return (
          <g key={n} className={marked ? 'enneagram-figure__point enneagram-figure__point--marked' : 'enneagram-figure__point'}>
            {marked ? <circle className="enneagram-figure__halo" cx={x} cy={y} r={20} /> : null}
            <circle cx={x} cy={y} r={marked ? 16 : 12.5} />
            <text x={x} y={y} dy="0.35em" textAnchor="middle">
              {n}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The figure's English name and description for style `style` (the coach pages' and the guest report's). */
export function styleFigureText(style: number, name?: string): { title: string; description: string } {
  return {
    title: `Enneagram figure with style ${style}${name ? `, ${name},` : ''} marked`,
    description: `The nine Enneagram styles on a circle, joined by the inner triangle 3-6-9 and the hexad 1-4-2-8-5-7; style ${style} is highlighted.`,
  };
}
