import { useState } from 'react';
import { noteMessage } from '../../../../components/data-table/action-messages.tsx';
import { useSubmission } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useCreateClient } from '../../api/add-assessment.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { ADD_TEXTS, ClientFields, checkClient, EMPTY_CLIENT, newClientBody } from '../shared/client-fields.tsx';
import { AddAssessmentForm } from './add-assessment-form.tsx';
import { addedMessage } from './added-message.tsx';

/**
 * Add Assessment for New Client (spec assessments-and-clients §2.3, §5 "Add client and assessment", §8): nothing
 * selected (pressed with a selection, it says to deselect first); the client's details and the first assessment in one call. The duplicate-client rule is the BFF's
 * (409 "You have already added this client. ..."), shown in the dialog so the coach can correct it.
 */
export default function AddForNewClientDialog({ ids, session, finish }: AssessmentActionProps) {
  const [client, setClient] = useState(EMPTY_CLIENT);
  const create = useCreateClient();
  const submission = useSubmission('createClient');
  const selected = ids.length > 0;
  useRunOnMount(() => {
    if (selected) finish(noteMessage(ADD_TEXTS.deselectFirst));
  });
  if (selected) return null;
  return (
    <AddAssessmentForm
      title="Add Assessment for New Client"
      session={session}
      client={(shown) => <ClientFields value={client} onChange={setClient} shown={shown} />}
      checkClient={() => checkClient(client)}
      clientError={null}
      assessmentRequired={ADD_TEXTS.newClientAssessment}
      pending={submission.isPending}
      error={create.error}
      onClose={() => finish()}
      onSubmit={(assessment) => {
        const body = {
          ...newClientBody(client),
          assessment,
        };
        submission.submit(body, (params) => create.mutateAsync({ body, params }).then(() => finish(addedMessage(body.name, body.surname))));
      }}
    />
  );
}
