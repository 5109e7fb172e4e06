import { useState } from 'react';
import { useSubmission } from '../../../../lib/submission-key.ts';
import { useImportNewClientResults } from '../../api/import-results.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { ClientFields, checkClient, EMPTY_CLIENT, newClientBody } from '../shared/client-fields.tsx';
import { ImportResultsForm, importedMessage } from './import-results-form.tsx';

/**
 * Import Results (spec assessments-and-clients §2.3, §3.6, §5 "Import results", §8): nothing selected; a new client
 * (name, surname and a valid e-mail required) with the Enneagram results obtained elsewhere, in one call. The BFF's
 * refusal (the legacy error.info or error) shows in the dialog so the coach can correct it.
 */
export default function ImportResultsDialog({ finish }: AssessmentActionProps) {
  const [client, setClient] = useState(EMPTY_CLIENT);
  const importResults = useImportNewClientResults();
  const submission = useSubmission('importNewClientResults');
  return (
    <ImportResultsForm
      title="Import Results"
      client={(shown) => <ClientFields value={client} onChange={setClient} shown={shown} />}
      checkClient={() => checkClient(client)}
      clientError={null}
      pending={submission.isPending}
      error={importResults.error}
      onClose={() => finish()}
      onSubmit={(results) => {
        const body = {
          ...newClientBody(client),
          ...results,
        };
        submission.submit(body, (params) =>
          importResults.mutateAsync({ body, params }).then((imported) => finish(importedMessage(imported))),
        );
      }}
    />
  );
}
