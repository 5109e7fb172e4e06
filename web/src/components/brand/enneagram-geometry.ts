// The Enneagram's figure: nine points on a circle, 9 at the top and on clockwise, joined by the inner triangle
// (3-6-9) and the hexad (1-4-2-8-5-7). The logo and the figure of a style (enneagram-figure.tsx) draw it.

export interface Point {
  x: number;
  y: number;
}

/** Point `n` (1 to 9) on a circle of radius `r` about (`c`, `c`). */
export function enneagramPoint(n: number, c: number, r: number): Point {
  const angle = ((n % 9) * 40 - 90) * (Math.PI / 180);
  return { x: c + r * Math.cos(angle), y: c + r * Math.sin(angle) };
}

const path = (points: readonly number[], c: number, r: number): string =>
  `${points
    .map((n, index) => {
      const { x, y } = enneagramPoint(n, c, r);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(2)} ${y.toFixed(2)}`;
    })
    .join(' ')} Z`;

/** The inner triangle's path. */
export const trianglePath = (c: number, r: number): string => path([9, 3, 6], c, r);
/** The hexad's path. */
export const hexadPath = (c: number, r: number): string => path([1, 4, 2, 8, 5, 7], c, r);
