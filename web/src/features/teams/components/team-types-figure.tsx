import { Group } from '@visx/group';
import { enneagramPoint, hexadPath, trianglePath } from '../../../components/brand/enneagram-geometry.ts';
import { useRovingFocus } from '../../../components/charts/use-roving-focus.ts';
import { memberCount } from '../../../lib/labels/insights.ts';
import type { TeamInsight } from '../api/get-team-insight.ts';

const SIZE = 240;
const CENTRE = SIZE / 2;
const RADIUS = 88;
/** Where type `type` sits on the circle (components/brand/enneagram-geometry.ts: 9 at the top, 1 to 8 clockwise). */
const pointOf = (type: number, radius = RADIUS) => enneagramPoint(type, CENTRE, radius);

export const typeSummary = ({ type, count, members }: TeamInsight['enneagram'][number]): string =>
  count === 0 ? `Type ${type}: no members` : `Type ${type}: ${memberCount(count)} (${members.join(', ')})`;

/**
 * The nine-point figure (the shared geometry of components/brand/enneagram-geometry.ts; a result's figure with one style
 * marked is components/enneagram-figure.tsx) with the team's completed members on it: each type's dot grows with its count, the count in
 * it; the keyboard reaches the nine points (one Tab stop, the arrows around the circle) and each names its members
 * on hover and focus.
 */
export function TeamTypesFigure({ enneagram }: { enneagram: TeamInsight['enneagram'] }) {
  const { active, pointProps } = useRovingFocus(enneagram.length);
  const max = Math.max(1, ...enneagram.map((point) => point.count));
  const shown = active === null ? undefined : enneagram[active];
  const at = shown ? pointOf(shown.type) : null;
  return (
    <div className="team-types">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="team-types__svg">
        <title>The members' Enneagram types</title>
        <Group>
          <circle className="team-types__circle" cx={CENTRE} cy={CENTRE} r={RADIUS} aria-hidden />
          <path className="team-types__line" d={trianglePath(CENTRE, RADIUS)} aria-hidden />
          <path className="team-types__line" d={hexadPath(CENTRE, RADIUS)} aria-hidden />
          {enneagram.map((point, index) => {
            const { x, y } = pointOf(point.type);
            const label = pointOf(point.type, RADIUS + 20);
            const r = point.count === 0 ? 6 : 9 + 7 * Math.sqrt(point.count / max);
            return (
              // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a chart point is an image the keyboard reaches (its name is its numbers); no interactive role says that.
              <g key={point.type} className="team-types__point" role="img" aria-label={typeSummary(point)} {...pointProps(index)}>
                <circle className="team-types__hit" cx={x} cy={y} r={18} />
                <circle className={point.count === 0 ? 'team-types__dot team-types__dot--empty' : 'team-types__dot'} cx={x} cy={y} r={r} />
                {point.count > 0 ? (
                  <text className="team-types__count" x={x} y={y} textAnchor="middle" dominantBaseline="central" aria-hidden>
                    {point.count}
                  </text>
                ) : null}
                <text className="team-types__type" x={label.x} y={label.y} textAnchor="middle" dominantBaseline="central" aria-hidden>
                  {point.type}
                </text>
              </g>
            );
          })}
        </Group>
      </svg>
      {shown && at ? (
        <div
          className="chart-tooltip team-types__tooltip"
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
