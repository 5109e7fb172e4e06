import { Group } from '@visx/group';
import { useRovingFocus } from '../../../components/charts/use-roving-focus.ts';
import { memberCount } from '../../../lib/labels/insights.ts';
import type { TeamInsight } from '../api/get-team-insight.ts';

const SIZE = 240;
const CENTRE = SIZE / 2;
const RADIUS = 88;
// The figure's lines: the triangle 3-6-9 and the hexad 1-4-2-8-5-7.
const TRIANGLE = [3, 6, 9, 3];
const HEXAD = [1, 4, 2, 8, 5, 7, 1];

/** Where type `type` sits on the circle: 9 at the top, 1 to 8 clockwise. */
function pointOf(type: number, radius = RADIUS): { x: number; y: number } {
  const angle = ((type * 40 - 90) * Math.PI) / 180;
  return { x: CENTRE + radius * Math.cos(angle), y: CENTRE + radius * Math.sin(angle) };
}

const pathOf = (types: number[]) => types.map((type, index) => `${index === 0 ? 'M' : 'L'}${pointOf(type).x},${pointOf(type).y}`).join(' ');

export const typeSummary = ({ type, count, members }: TeamInsight['enneagram'][number]): string =>
  count === 0 ? `Type ${type}: no members` : `Type ${type}: ${memberCount(count)} (${members.join(', ')})`;

/**
 * The nine-point figure with the team's completed members on it: each type's dot grows with its count, the count in
 * it; the keyboard reaches the nine points (one Tab stop, the arrows around the circle) and each names its members
 * on hover and focus.
 */
export function EnneagramFigure({ enneagram }: { enneagram: TeamInsight['enneagram'] }) {
  const { active, pointProps } = useRovingFocus(enneagram.length);
  const max = Math.max(1, ...enneagram.map((point) => point.count));
  const shown = active === null ? undefined : enneagram[active];
  const at = shown ? pointOf(shown.type) : null;
  return (
    <div className="enneagram-figure">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="enneagram-figure__svg">
        <title>The members' Enneagram types</title>
        <Group>
          <circle className="enneagram-figure__circle" cx={CENTRE} cy={CENTRE} r={RADIUS} aria-hidden />
          <path className="enneagram-figure__line" d={pathOf(TRIANGLE)} aria-hidden />
          <path className="enneagram-figure__line" d={pathOf(HEXAD)} aria-hidden />
          {enneagram.map((point, index) => {
            const { x, y } = pointOf(point.type);
            const label = pointOf(point.type, RADIUS + 20);
            const r = point.count === 0 ? 6 : 9 + 7 * Math.sqrt(point.count / max);
            return (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a chart point is an image the keyboard reaches (its name is its numbers); no interactive role says that.
              <g key={point.type} className="enneagram-figure__point" role="img" aria-label={typeSummary(point)} {...pointProps(index)}>
                <circle className="enneagram-figure__hit" cx={x} cy={y} r={18} />
                <circle
                  className={point.count === 0 ? 'enneagram-figure__dot enneagram-figure__dot--empty' : 'enneagram-figure__dot'}
                  cx={x}
                  cy={y}
                  r={r}
                />
                {point.count > 0 ? (
                  <text className="enneagram-figure__count" x={x} y={y} textAnchor="middle" dominantBaseline="central" aria-hidden>
                    {point.count}
                  </text>
                ) : null}
                <text className="enneagram-figure__type" x={label.x} y={label.y} textAnchor="middle" dominantBaseline="central" aria-hidden>
                  {point.type}
                </text>
              </g>
            );
          })}
        </Group>
      </svg>
      {shown && at ? (
        <div
          className="chart-tooltip enneagram-figure__tooltip"
          style={{ left: `${(at.x / SIZE) * 100}%`, top: `${(at.y / SIZE) * 100 + 8}%` }}
          aria-hidden
        >
          <strong>Type {shown.type}</strong>
          <span>{shown.count === 0 ? 'No members' : memberCount(shown.count)}</span>
          {shown.members.map((name) => (
            <span key={name}>{name}</span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
