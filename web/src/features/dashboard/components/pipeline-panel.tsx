import { type FormEvent, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  nudgeAge,
  PIPELINE_PERIODS,
  PIPELINE_STAGE_LABELS,
  type PipelinePeriod,
  type PipelineStage,
} from '../../../lib/labels/pipeline.ts';
import { type PipelineInsights, type PipelineQuery, useDashboardPipeline } from '../api/get-dashboard-pipeline.ts';
import { type NudgeThresholds, THRESHOLD_MESSAGE, thresholdOf, usePipelinePreferences } from './pipeline-preferences.ts';
import './pipeline-panel.css';

type Scope = Pick<PipelineQuery, 'project' | 'company'>;

const ALL = '';
const scopeOf = (choice: string): Scope =>
  choice.startsWith('project:') ? { project: choice.slice(8) } : choice.startsWith('company:') ? { company: choice.slice(8) } : {};

/** The assessments table narrowed to a number's rows (its `stage` and scope: the table's pipeline filter). */
export function sliceHref(stage: PipelineStage, days: PipelinePeriod, scope: Scope, olderThan?: number): string {
  const params = new URLSearchParams({ stage, days: String(days) });
  if (scope.project) params.set('project', scope.project);
  if (scope.company) params.set('company', scope.company);
  if (olderThan !== undefined) params.set('olderThan', String(olderThan));
  return `/assessments?${params}`;
}

const percent = (ratio: number | null) => (ratio === null ? null : `${Math.round(ratio * 100)}%`);

/**
 * The dashboard's pipeline panel (the insights capability "Pipeline on the dashboard"): for the period and the project
 * or company chosen, the funnel added → invited → started → completed → reports sent with each step's count, its
 * conversion and the median days the list dates, and beside it "needs a nudge" with the coach's thresholds. Each count
 * opens the assessments table on exactly its rows. Mounted after the dashboard's tiles; asks once they have answered.
 * A coach limited to mini-assessments (`miniOnly`) gets theirs: started → completed and one nudge, with no project,
 * company or link (their drawer has no Assessments, and the mini list has no such filter).
 */
export default function PipelinePanel({ enabled = true, miniOnly = false }: { enabled?: boolean; miniOnly?: boolean }) {
  const [preferences, setPreferences] = usePipelinePreferences();
  const [choice, setChoice] = useState(ALL);
  const scope = scopeOf(choice);
  const { days, ...thresholds } = preferences;
  const { data, error, isPending, refetch } = useDashboardPipeline({ days, ...thresholds, ...scope }, enabled);
  const choices = [
    { id: ALL, label: 'All projects and companies' },
    ...(data?.projects ?? []).map((name) => ({ id: `project:${name}`, label: `Project: ${name}` })),
    ...(data?.companies ?? []).map((name) => ({ id: `company:${name}`, label: `Company: ${name}` })),
  ];
  if (choice !== ALL && !choices.some((option) => option.id === choice)) choices.push({ id: choice, label: choice.replace(':', ': ') });
  return (
    <section className="pipeline-panel" aria-labelledby="pipeline-panel-title">
      <div className="pipeline-panel__head">
        <h2 id="pipeline-panel-title">Pipeline</h2>
        <div className="pipeline-panel__controls">
          <NativeSelect
            label="Period"
            value={String(days)}
            options={PIPELINE_PERIODS.map((period) => ({ id: String(period), label: `Last ${period} days` }))}
            onChange={(value) => setPreferences({ ...preferences, days: Number(value) as PipelinePeriod })}
          />
          {miniOnly ? null : <NativeSelect label="Project or company" value={choice} options={choices} onChange={setChoice} />}
        </div>
      </div>
      {data ? (
        <PipelineFigures data={data} scope={scope} />
      ) : isPending ? (
        <PipelineSkeleton />
      ) : (
        <ProblemAlert error={error} onRetry={() => void refetch()} />
      )}
      {data && error ? <ProblemAlert error={error} onRetry={() => void refetch()} /> : null}
      <ThresholdSettings
        thresholds={thresholds}
        fields={miniOnly ? FIELDS.filter(({ key }) => key === 'startedDays') : FIELDS}
        onSave={(next) => setPreferences({ days, ...next })}
      />
    </section>
  );
}

function PipelineFigures({ data, scope }: { data: PipelineInsights; scope: Scope }) {
  const added = data.funnel[0]?.count ?? 0;
  const mini = data.offering === 'mini';
  return (
    <div className="pipeline-panel__body">
      <div className="pipeline-panel__funnel">
        <h3 className="pipeline-panel__subtitle">Funnel</h3>
        {added === 0 ? (
          <p className="pipeline-panel__empty">
            {mini
              ? `No mini-assessments were started in the last ${data.days} days.`
              : `No assessments were added in the last ${data.days} days.`}
          </p>
        ) : (
          <ol className="pipeline-funnel">
            {data.funnel.map((step) => {
              const conversion = percent(step.conversion);
              return (
                <li key={step.stage} className="pipeline-funnel__step">
                  <div className="pipeline-funnel__line">
                    <span className="pipeline-funnel__label">{PIPELINE_STAGE_LABELS[step.stage]}</span>
                    <CountLink
                      count={step.count}
                      label={PIPELINE_STAGE_LABELS[step.stage]}
                      href={mini ? undefined : sliceHref(step.stage, data.days, scope)}
                    />
                  </div>
                  <div className="pipeline-funnel__bar" aria-hidden="true">
                    <span style={{ width: `${(step.count / added) * 100}%` }} />
                  </div>
                  <p className="pipeline-funnel__meta">
                    {conversion ? `${conversion} of the step before` : `${PIPELINE_STAGE_LABELS[step.stage]} in the last ${data.days} days`}
                    {step.medianDays !== null && step.medianFrom
                      ? ` · median ${step.medianDays} days from ${PIPELINE_STAGE_LABELS[step.medianFrom].toLowerCase()}`
                      : null}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div className="pipeline-panel__nudges">
        <h3 className="pipeline-panel__subtitle">Needs a nudge</h3>
        <ul className="pipeline-nudges">
          {data.nudges.map((nudge) => (
            <li key={nudge.stage} className={`pipeline-nudge${nudge.count > 0 ? ' pipeline-nudge--waiting' : ''}`}>
              <span className="pipeline-nudge__label">
                {PIPELINE_STAGE_LABELS[nudge.stage]}
                <span className="pipeline-nudge__age">{nudgeAge(nudge.stage, nudge.olderThan)}</span>
              </span>
              <CountLink
                count={nudge.count}
                label={`${PIPELINE_STAGE_LABELS[nudge.stage]}, ${nudgeAge(nudge.stage, nudge.olderThan)}`}
                href={mini ? undefined : sliceHref(nudge.stage, data.days, scope, nudge.olderThan)}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** A count that opens its rows in the table; none to open at zero, or without rows to open (`href` undefined). */
function CountLink({ count, label, href }: { count: number; label: string; href: string | undefined }) {
  const text = count.toLocaleString('en');
  if (count === 0 || href === undefined) return <span className="pipeline-count">{text}</span>;
  return (
    <Link className="pipeline-count" href={href} aria-label={`${text} ${label}: show in Assessments`}>
      {text}
    </Link>
  );
}

const STEP_KEYS = ['step-1', 'step-2', 'step-3', 'step-4', 'step-5'];

function PipelineSkeleton() {
  return (
    <SkeletonRegion className="pipeline-panel__body" label="Loading the pipeline...">
      <div className="pipeline-panel__funnel">
        {STEP_KEYS.map((key) => (
          <div key={key} className="pipeline-funnel__step">
            <Skeleton width="40%" />
            <Skeleton shape="block" width="100%" height="0.75rem" />
          </div>
        ))}
      </div>
      <div className="pipeline-panel__nudges">
        <Skeleton shape="block" width="100%" height="3rem" />
        <Skeleton shape="block" width="100%" height="3rem" />
        <Skeleton shape="block" width="100%" height="3rem" />
      </div>
    </SkeletonRegion>
  );
}

const FIELDS: readonly { key: keyof NudgeThresholds; label: string }[] = [
  { key: 'invitedDays', label: 'Invited, not started after (days)' },
  { key: 'startedDays', label: 'Started, not complete after (days)' },
  { key: 'completedDays', label: 'Complete, no report sent after (days)' },
];

/** The "needs a nudge" thresholds, whole days from 1 to 365, kept in this browser; `fields`: the ones the panel uses. */
function ThresholdSettings({
  thresholds,
  fields,
  onSave,
}: {
  thresholds: NudgeThresholds;
  fields: readonly { key: keyof NudgeThresholds; label: string }[];
  onSave: (next: NudgeThresholds) => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState<Record<keyof NudgeThresholds, string>>(() => ({
    invitedDays: String(thresholds.invitedDays),
    startedDays: String(thresholds.startedDays),
    completedDays: String(thresholds.completedDays),
  }));
  const [checked, setChecked] = useState(false);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const next = {
      invitedDays: thresholdOf(typed.invitedDays),
      startedDays: thresholdOf(typed.startedDays),
      completedDays: thresholdOf(typed.completedDays),
    };
    if (next.invitedDays === null || next.startedDays === null || next.completedDays === null) return;
    onSave(next as NudgeThresholds);
    setChecked(false);
    setOpen(false);
  };
  if (!open) {
    return (
      <Button variant="quiet" className="pipeline-panel__settings-toggle" onPress={() => setOpen(true)}>
        Change nudge thresholds
      </Button>
    );
  }
  return (
    <form className="pipeline-settings" onSubmit={save} noValidate aria-label="Nudge thresholds">
      {fields.map(({ key, label }) => (
        <TextField
          key={key}
          label={label}
          inputMode="numeric"
          value={typed[key]}
          onChange={(value) => setTyped({ ...typed, [key]: value })}
          isInvalid={checked && thresholdOf(typed[key]) === null}
          errorMessage={THRESHOLD_MESSAGE}
        />
      ))}
      <div className="pipeline-settings__actions">
        <Button type="submit">Save thresholds</Button>
        <Button variant="quiet" onPress={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
