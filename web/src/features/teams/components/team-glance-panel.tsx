import { ChartPanel } from '../../../components/charts/chart-panel.tsx';
import { INSIGHT_EMPTY, INSIGHT_TITLES, memberCount } from '../../../lib/labels/insights.ts';
import { useTeamInsight } from '../api/get-team-insight.ts';
import { TeamTypesFigure } from './team-types-figure.tsx';
import './team-glance.css';

/**
 * spec coach-shell §2.7: the team at a glance on the team page: the completed members' Enneagram types on the
 * nine-point figure and their maturity stages (1 to 8), the members still to complete named. `version` changes with
 * the members the page shows, so the figures follow an added or removed member.
 */
export default function TeamGlancePanel({ teamId, version }: { teamId: string; version: string }) {
  const { data, error, isPending, refetch } = useTeamInsight(teamId, version);
  const pending = data?.pending ?? [];
  return (
    <ChartPanel
      className="team-glance"
      title={INSIGHT_TITLES.team}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      isEmpty={!data || data.completedCount === 0}
      empty={data && data.memberCount === 0 ? 'The team has no members yet.' : INSIGHT_EMPTY.team}
      note={
        data ? (
          <>
            {data.completedCount} of {memberCount(data.memberCount)} completed.
            {pending.length > 0 ? ` Still to complete: ${pending.map((member) => member.name).join(', ')}.` : null}
          </>
        ) : null
      }
      chart={() =>
        data ? (
          <div className="team-glance__figures">
            <TeamTypesFigure enneagram={data.enneagram} />
            <MaturityStages maturity={data.maturity} />
          </div>
        ) : null
      }
      numbers={() => (data ? <GlanceTables insight={data} /> : null)}
    />
  );
}

type Insight = NonNullable<ReturnType<typeof useTeamInsight>['data']>;

/** The eight stages as bars of the members at each, their names beside (HTML: a list that fits a phone as it is). */
function MaturityStages({ maturity }: { maturity: Insight['maturity'] }) {
  const max = Math.max(1, ...maturity.map((stage) => stage.count));
  return (
    <div className="maturity-stages">
      <h3>Maturity stages</h3>
      <ol className="maturity-stages__list">
        {maturity.map((stage) => (
          <li key={stage.stage} className="maturity-stages__row">
            <span className="maturity-stages__name">
              {stage.stage} {stage.name} ({stage.code})
            </span>
            <span className="maturity-stages__track" aria-hidden="true">
              <span className="maturity-stages__bar" style={{ width: `${(stage.count / max) * 100}%` }} />
            </span>
            <span className="maturity-stages__count">{stage.count}</span>
            {stage.members.length > 0 ? <span className="maturity-stages__members">{stage.members.join(', ')}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The same numbers as tables: the nine types, then the eight stages, each with its members. */
function GlanceTables({ insight }: { insight: Insight }) {
  return (
    <div className="chart-table team-glance__tables">
      <table>
        <caption className="visually-hidden">The members' Enneagram types</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Members</th>
            <th scope="col">Names</th>
          </tr>
        </thead>
        <tbody>
          {insight.enneagram.map((point) => (
            <tr key={point.type}>
              <th scope="row">{point.type}</th>
              <td>{point.count}</td>
              <td className="team-glance__names">{point.members.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption className="visually-hidden">The members' maturity stages</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Members</th>
            <th scope="col">Names</th>
          </tr>
        </thead>
        <tbody>
          {insight.maturity.map((stage) => (
            <tr key={stage.stage}>
              <th scope="row">
                {stage.stage} {stage.name} ({stage.code})
              </th>
              <td>{stage.count}</td>
              <td className="team-glance__names">{stage.members.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
