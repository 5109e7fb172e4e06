import { useSubmission } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useAddClientAssessment } from '../../api/add-assessment.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { ADD_TEXTS, ClientFields, clientOfRow } from '../shared/client-fields.tsx';
import { receivedRefusal } from '../shared/received-refusal.ts';
import { AddAssessmentForm } from './add-assessment-form.tsx';
import { addedMessage } from './added-message.tsx';

/**
 * Add Assessment to Existing Client (spec assessments-and-clients §2.3, §5 "Add client and assessment"): exactly one
 * assessment selected; a new assessment for its client, whose details are shown and locked. A received assessment's
 * client is the other coach's, not listed as the coach's own (§4.7): refused before the form opens.
 */
export default function AddToExistingClientDialog({ rows, session, finish }: AssessmentActionProps) {
  const refusal = receivedRefusal(rows);
  useRunOnMount(() => {
    if (refusal) finish(refusal);
  });
  const add = useAddClientAssessment();
  const submission = useSubmission('addClientAssessment');
  const row = rows[0];
  if (refusal) return null;
  const client = clientOfRow(row);
  return (
    <AddAssessmentForm
      title="Add Assessment to Existing Client"
      session={session}
      client={() => (client ? <ClientFields value={client} locked /> : null)}
      clientError={client ? null : ADD_TEXTS.existingClientAssessment}
      assessmentRequired={ADD_TEXTS.existingClientAssessment}
      pending={submission.isPending}
      error={add.error}
      onClose={() => finish()}
      onSubmit={(assessment) => {
        if (!row) return;
        const path = { clientId: row.clientId };
        submission.submit([path, assessment], (params) =>
          add
            .mutateAsync({ params: { path, ...params }, body: assessment })
            .then(() => finish(addedMessage(row.clientName, row.clientSurname))),
        );
      }}
    />
  );
}
