import type { ReactNode } from 'react';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { type AssessmentType, REPORT_NAMES, type ReportCode, TOKEN_TYPE_LABELS } from '../../../../lib/labels/assessments.ts';
import type { Session } from '../../../../lib/session/session.ts';
import { useAssessmentProjects } from '../../api/list-assessment-projects.ts';

/** spec assessments-and-clients §3.1: the token types the dropdown offers (an impersonator's only). */
export const OFFERED_TOKEN_TYPES = ['paid', 'marketing', 'accreditation', 'retest', 'probono'] as const;
export type OfferedTokenType = (typeof OFFERED_TOKEN_TYPES)[number];

/** spec §4.5: the reports each assessment type leads to. */
export const REPORTS_OF: Readonly<Record<AssessmentType, readonly ReportCode[]>> = {
  ennea: ['enneaOverview', 'clientSummary', 'basic'],
  EIT: ['imfCoG', 'imf'],
  full: ['enneaOverview', 'clientSummary', 'basic', 'imfCoG', 'imf', 'foundation', 'extended'],
};

/**
 * The reports every one of `types` leads to (§4.5), in the Full assessment's order: a list sent to a mixed selection
 * never names a report one of its assessments cannot have (Enneagram with Maturity have none in common).
 */
export function reportsOfAll(types: Iterable<AssessmentType>): readonly ReportCode[] {
  const all = [...new Set(types)];
  if (all.length === 0) return [];
  return REPORTS_OF.full.filter((code) => all.every((type) => REPORTS_OF[type].includes(code)));
}

/** The token type selector (spec §3.1 "visible only to an impersonator"): nothing for anyone else. */
export function TokenTypeField({
  session,
  value,
  onChange,
}: {
  session: Session;
  value: OfferedTokenType;
  onChange: (value: OfferedTokenType) => void;
}) {
  if (!session.roles.impersonator) return null;
  return (
    <NativeSelect
      label="Token type"
      options={OFFERED_TOKEN_TYPES.map((id) => ({ id, label: TOKEN_TYPE_LABELS[id] }))}
      value={value}
      onChange={(chosen) => onChange(chosen as OfferedTokenType)}
    />
  );
}

/** The project chosen from the coach's projects (spec §5 "Field limits": the BFF's list, self-registered ones hidden, sorted); '' is none. */
export function ProjectField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const projects = useAssessmentProjects();
  return (
    <NativeSelect
      label="Project"
      options={[{ id: '', label: 'No project' }, ...(projects.data?.items ?? []).map((name) => ({ id: name, label: name }))]}
      value={value}
      onChange={onChange}
    />
  );
}

/** `reports` with `code` added or taken out. */
export function toggledReport(reports: ReadonlySet<ReportCode>, code: ReportCode, on: boolean): ReadonlySet<ReportCode> {
  const next = new Set(reports);
  if (on) next.add(code);
  else next.delete(code);
  return next;
}

interface AutoSendReportsProps {
  /** The reports on offer, in the order shown. */
  offered: readonly ReportCode[];
  value: ReadonlySet<ReportCode>;
  onChange: (value: ReadonlySet<ReportCode>) => void;
  isDisabled?: boolean;
  /** Shown before the reports (e.g. the Edit dialog's "change them for all" choice). */
  children?: ReactNode;
}

/** The reports sent to the client automatically on completion (legacy `reportsToAutoSend`), one checkbox each. */
export function AutoSendReports({ offered, value, onChange, isDisabled = false, children }: AutoSendReportsProps) {
  return (
    <fieldset className="field-group">
      <legend>Reports to send automatically on completion</legend>
      {children}
      {offered.map((code) => (
        <Checkbox
          key={code}
          isSelected={value.has(code)}
          isDisabled={isDisabled}
          onChange={(on) => onChange(toggledReport(value, code, on))}
        >
          {REPORT_NAMES[code]}
        </Checkbox>
      ))}
    </fieldset>
  );
}
