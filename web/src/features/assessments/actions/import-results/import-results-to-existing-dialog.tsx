import { useState } from 'react';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { useSubmission } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useImportClientResults } from '../../api/import-results.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { ADD_TEXTS, ClientFields, clientOfRow } from '../shared/client-fields.tsx';
import { receivedRefusal } from '../shared/received-refusal.ts';
import { FREE_TEXT_MAX, ImportResultsForm, importedMessage } from './import-results-form.tsx';

/**
 * Import Results to Existing Client (spec assessments-and-clients §2.3, §3.6, §5 "Import results"): exactly one
 * assessment selected; the results are imported for its client, whose details are shown and locked (the other data,
 * when typed in, is sent with the results). A received assessment's client is not the coach's own (§4.7): refused.
 */
export default function ImportResultsToExistingDialog({ rows, finish }: AssessmentActionProps) {
  const refusal = receivedRefusal(rows);
  useRunOnMount(() => {
    if (refusal) finish(refusal);
  });
  const [otherData, setOtherData] = useState('');
  const importResults = useImportClientResults();
  const submission = useSubmission('importClientResults');
  const row = rows[0];
  if (refusal) return null;
  const client = clientOfRow(row);
  return (
    <ImportResultsForm
      title="Import Results to Existing Client"
      client={() =>
        client ? (
          <ClientFields value={client} locked fields={['name', 'surname', 'email', 'company']}>
            <TextField label="Other data" value={otherData} onChange={setOtherData} maxLength={FREE_TEXT_MAX} />
          </ClientFields>
        ) : null
      }
      clientError={client ? null : ADD_TEXTS.existingClientAssessment}
      pending={submission.isPending}
      error={importResults.error}
      onClose={() => finish()}
      onSubmit={(results) => {
        if (!row) return;
        const path = { clientId: row.clientId };
        const body = { ...results, ...(otherData.trim() ? { otherData: otherData.trim() } : {}) };
        submission.submit([path, body], (params) =>
          importResults.mutateAsync({ params: { path, ...params }, body }).then((imported) => finish(importedMessage(imported))),
        );
      }}
    />
  );
}
