import { type ReactNode, useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { RadioGroup } from '../../../../components/ui/radio-group.tsx';
import { ASSESSMENT_TYPE_LABELS, type AssessmentType, type ReportCode } from '../../../../lib/labels/assessments.ts';
import { ASSESSMENT_COST, credits } from '../../../../lib/labels/credits.ts';
import { LANGUAGE_NAMES } from '../../../../lib/labels/languages.ts';
import type { Session } from '../../../../lib/session/session.ts';
import { AutoSendReports, type OfferedTokenType, ProjectField, REPORTS_OF, TokenTypeField } from '../shared/assessment-options.tsx';
import { type ClientFieldErrors, type RequiredClientField, useClientFormErrors } from '../shared/client-fields.tsx';
import '../shared/add-assessment.css';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';

export type NewAssessment = components['schemas']['NewAssessment'];

interface AddAssessmentFormProps {
  title: string;
  session: Session;
  /** The client part of the form (`ClientFields`), showing the form's errors at its fields. */
  client: (shown: ClientFieldErrors) => ReactNode;
  /** A new client's details checked before anything is sent (`checkClient`): the problems by field. */
  checkClient?: () => Partial<Record<RequiredClientField, string>>;
  /** A problem of the client as a whole before anything is sent (no client to add to), or null. */
  clientError: string | null;
  /** The message when no assessment type is chosen (the two dialogs word it differently). */
  assessmentRequired: string;
  pending: boolean;
  error: unknown;
  onSubmit: (assessment: NewAssessment) => void;
  onClose: () => void;
}

/**
 * The dialog both Add Assessment actions show (spec assessments-and-clients §2.3, §5, §9): the client, the assessment
 * type (Maturity and Full disabled for coach levels 0 and 1, level 1 starting on Enneagram) with its cost in credits,
 * the token type (an impersonator's only; default paid), the language (default english), the project and the reports
 * to send automatically.
 */
export function AddAssessmentForm(props: AddAssessmentFormProps) {
  const { title, session, client, checkClient, clientError, assessmentRequired, pending, error, onSubmit, onClose } = props;
  const level = session.coach.accreditationLevel;
  const limited = level <= 1;
  const impersonator = session.roles.impersonator;
  const [type, setType] = useState<AssessmentType | ''>(level === 1 ? 'ennea' : '');
  const [tokenType, setTokenType] = useState<OfferedTokenType>('paid');
  const [language, setLanguage] = useState<NonNullable<NewAssessment['language']>>('english');
  const [project, setProject] = useState('');
  const [reports, setReports] = useState<ReadonlySet<ReportCode>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  // Each problem at its field (spec §5's texts): the client's details, then the assessment.
  const { fields, shown, refusal } = useClientFormErrors<'assessment'>(error);

  const submit = () => {
    setProblem(clientError);
    const fine = fields.report({ ...checkClient?.(), assessment: type === '' ? assessmentRequired : undefined });
    if (clientError || !fine || type === '') return;
    const offered = REPORTS_OF[type];
    onSubmit({
      assessmentType: type,
      language,
      ...(impersonator ? { tokenType } : {}),
      ...(project ? { project } : {}),
      reportsToAutoSend: offered.filter((code) => reports.has(code)),
    });
  };

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={pending ? 'Adding...' : 'Add'}
      isPending={pending}
      error={refusal}
      className="add-assessment"
      formRef={fields.formRef}
    >
      <div className="stack add-assessment__fields">
        {client(shown)}
        <RadioGroup
          label="Assessment"
          value={type}
          onChange={(value) => {
            setType(value as AssessmentType);
            fields.clear('assessment');
          }}
          {...fields.field('assessment')}
          options={(['ennea', 'EIT', 'full'] as const).map((id) => ({
            id,
            label: `${ASSESSMENT_TYPE_LABELS[id]} (${credits(ASSESSMENT_COST[id])})`,
            isDisabled: limited && id !== 'ennea',
          }))}
        />
        {type ? <p className="add-assessment__cost">Cost: {credits(ASSESSMENT_COST[type])}</p> : null}
        <TokenTypeField session={session} value={tokenType} onChange={setTokenType} />
        <NativeSelect
          label="Assessment language"
          options={Object.entries(LANGUAGE_NAMES).map(([id, label]) => ({ id, label }))}
          value={language}
          onChange={(value) => setLanguage(value as typeof language)}
        />
        <ProjectField value={project} onChange={setProject} />
        {type ? <AutoSendReports offered={REPORTS_OF[type]} value={reports} onChange={setReports} /> : null}
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </FormDialog>
  );
}
