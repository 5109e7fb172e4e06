import { useState } from 'react';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { RadioGroup } from '../../../../components/ui/radio-group.tsx';
import { useFieldErrors } from '../../../../lib/field-errors.ts';
import { TOKEN_TYPE_LABELS } from '../../../../lib/labels/assessments.ts';
import { PAIR_REPORT_COST, PAIR_TYPE_LABELS, PAIRS_TEXT, type PairType } from '../../../../lib/labels/pairs.ts';
import { useSubmission } from '../../../../lib/submission-key.ts';
import { useCreatePair } from '../../api/create-pair.ts';
import { earliestPairDueDate } from '../../utils/pair-due-date.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { DueDateField, isIsoDate } from './due-date-field.tsx';
import './add-pairs.css';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';

/** The BFF's text for a date before the minimum (contract `due_date_too_soon`), also said beside the field. */
export const DUE_DATE_TOO_SOON = 'The due date must be at least 2 weekdays from today.';
/** A due date not written as the portal writes dates (spec §2.2: YYYY-MM-DD). */
export const DUE_DATE_FORMAT = 'Please enter the due date as YYYY-MM-DD.';
/** spec coach-shell §6: an impersonator picks Billable or Marketing; anyone else's pair is Billable. */
const PAIR_TOKEN_TYPES = ['paid', 'marketing'] as const;
const PAIR_TYPES: readonly PairType[] = ['Romance', 'Workplace'];

/** The Success alert once the pair report was requested. */
export const pairRequestedMessage = (names: string, type: PairType, dueDate: string): ActionMessage => ({
  title: 'Success',
  body: (
    <p>{`A ${PAIR_TYPE_LABELS[type]} pair report has been requested for ${names}, due ${dueDate}. It can take up to two working days.`}</p>
  ),
});

/**
 * Add Pairs (spec assessments-and-clients §2.3, §3.5, §4.10, §5 "Pairs", §9): exactly two selected assessments, the
 * type (Couples, the default, or Colleagues), a due date at least 2 weekdays ahead, written YYYY-MM-DD as every date
 * of the portal ("Please specify a due date." at the field when none), the token type for an impersonator only, and the cost of 2 credits. The BFF's refusals (not enough
 * credits, a date too soon) show in the dialog so the coach can correct them.
 */
export default function AddPairsDialog({ ids, rows, session, finish }: AssessmentActionProps) {
  const impersonator = session.roles.impersonator;
  const [type, setType] = useState<PairType>('Romance');
  const [dueDate, setDueDate] = useState('');
  const [tokenType, setTokenType] = useState<(typeof PAIR_TOKEN_TYPES)[number]>('paid');
  const [minDate] = useState(() => earliestPairDueDate(new Date()));
  const create = useCreatePair();
  const submission = useSubmission('createPair');
  const [checked, setChecked] = useState(false);
  // The due date's problem at Add Pairs, at the field (focused): none, not a date, or too soon.
  const fields = useFieldErrors<'dueDate'>();
  const typed = dueDate.trim();
  // A date still being typed is told once it is complete, or at Add Pairs.
  const notADate = typed !== '' && !isIsoDate(typed) && (checked || typed.length >= 10);
  const tooSoon = isIsoDate(typed) && typed < minDate;
  // The rows seen name the pair; a select-all selection may hold records never shown.
  const names =
    rows.length === ids.length ? rows.map((row) => `${row.clientName} ${row.clientSurname}`).join(' & ') : 'the 2 selected assessments';

  const submit = () => {
    setChecked(true);
    const problem =
      typed === '' ? PAIRS_TEXT.dueDateRequired : !isIsoDate(typed) ? DUE_DATE_FORMAT : tooSoon ? DUE_DATE_TOO_SOON : undefined;
    if (!fields.report({ dueDate: problem })) return;
    const body = { assessmentIds: [...ids], coupleType: type, dueDate: typed, ...(impersonator ? { tokenType } : {}) };
    submission.submit(body, (params) =>
      create.mutateAsync({ body, params }).then((pair) => finish(pairRequestedMessage(names, pair.coupleType, pair.reportDueDate))),
    );
  };

  return (
    <FormDialog
      title={PAIRS_TEXT.addPairs}
      onClose={() => finish()}
      onSubmit={submit}
      submitLabel={submission.isPending ? 'Requesting...' : PAIRS_TEXT.addPairs}
      isPending={submission.isPending}
      error={create.error}
      className="add-pairs"
      formRef={fields.formRef}
    >
      <p>
        A pair report for <strong>{names}</strong>.
      </p>
      <RadioGroup
        label="Type"
        value={type}
        onChange={(value) => setType(value as PairType)}
        options={PAIR_TYPES.map((id) => ({ id, label: PAIR_TYPE_LABELS[id] }))}
      />
      <DueDateField
        value={dueDate}
        onChange={(value) => {
          setDueDate(value);
          fields.clear('dueDate');
        }}
        min={minDate}
        description={`At least 2 weekdays from today: ${minDate} or later.`}
        errorMessage={fields.errors.dueDate ?? (notADate ? DUE_DATE_FORMAT : tooSoon ? DUE_DATE_TOO_SOON : undefined)}
      />
      {impersonator ? (
        <NativeSelect
          label="Token type"
          options={PAIR_TOKEN_TYPES.map((id) => ({ id, label: TOKEN_TYPE_LABELS[id] }))}
          value={tokenType}
          onChange={(value) => setTokenType(value as typeof tokenType)}
        />
      ) : null}
      <p className="add-pairs__cost">
        <strong>Cost: {PAIR_REPORT_COST} credits</strong>
        {PAIRS_TEXT.turnaround}
      </p>
    </FormDialog>
  );
}
