import { useState } from 'react';
import { failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { RadioGroup } from '../../../../components/ui/radio-group.tsx';
import { ASSESSMENT_TYPE_LABELS } from '../../../../lib/labels/assessments.ts';
import { useSubmission } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useCombineAssessments } from '../../api/combine-assessments.ts';
import type { AssessmentRow } from '../../api/list-assessments.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { receivedRefusal } from '../shared/received-refusal.ts';
import { canCombineAs, combineRefusal } from './combine-messages.ts';

/** How a selected assessment is named in the dialog: its type and creation date (the client is the same). */
const describe = (id: string, row: AssessmentRow | undefined) =>
  row ? `${ASSESSMENT_TYPE_LABELS[row.assessmentType]}, created ${row.createdAt.slice(0, 10)}` : `Assessment ${id.slice(0, 8)}`;

/**
 * Combine (spec assessments-and-clients §2.3, §5 "Combine"): two assessments of one client, both complete and not of
 * the same type; the coach picks the one that supplies the Enneagram part, the other supplies the Maturity part. The
 * rows seen are checked first; records never shown (select-all) are checked by the BFF, whose refusal is the spec's text.
 */
export default function CombineAction({ ids, rows, finish, clearSelection }: AssessmentActionProps) {
  const combine = useCombineAssessments();
  // The dialog ends on a failure: the same two assessments combined again are the same submission.
  const submission = useSubmission('combineAssessments', { keptByTab: true });
  const pair = ids.map((id) => rows.find((row) => row.id === id));
  const [first, second] = pair;
  const known = first && second ? ([first, second] as const) : null;
  const refused = receivedRefusal(rows) ?? (known && combineRefusal(known) ? failedMessage(combineRefusal(known) as string) : null);
  const other = (id: string) => ids.find((each) => each !== id) ?? id;
  const usable = (id: string) => {
    const enneagram = pair[ids.indexOf(id)];
    const maturity = pair[ids.indexOf(other(id))];
    return !enneagram || !maturity || canCombineAs(enneagram, maturity);
  };
  const [enneagramId, setEnneagramId] = useState(() => ids.find(usable) ?? ids[0] ?? '');
  useRunOnMount(() => {
    if (refused) finish(refused);
  });
  if (refused) return null;
  const maturityId = other(enneagramId);
  const client = first ?? second;
  const onCombine = () => {
    const body = { enneagramAssessmentId: enneagramId, maturityAssessmentId: maturityId };
    submission.submit(body, (params) =>
      combine.mutateAsync({ body, params }).then(
        () => {
          clearSelection();
          finish({ title: 'Success', body: <p>The assessments have been combined.</p> });
        },
        (failure: unknown) => {
          finish(failedMessage(failure));
          throw failure;
        },
      ),
    );
  };
  return (
    <Dialog title="Combine" isOpen onOpenChange={(open) => (open ? undefined : finish())}>
      <div className="stack">
        <p>
          {client ? `${client.clientName} ${client.clientSurname}'s` : 'The'} two assessments become one Combined result. Choose the
          assessment that supplies the Enneagram part; the other supplies the Maturity part.
        </p>
        <RadioGroup
          label="Enneagram part"
          value={enneagramId}
          onChange={setEnneagramId}
          options={ids.map((id, index) => ({ id, label: describe(id, pair[index]), isDisabled: !usable(id) }))}
        />
        <p>
          <strong>Maturity part:</strong> {describe(maturityId, pair[ids.indexOf(maturityId)])}
        </p>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={() => finish()}>
            Cancel
          </Button>
          <Button onPress={onCombine} isPending={submission.isPending}>
            {submission.isPending ? 'Combining...' : 'Combine'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
