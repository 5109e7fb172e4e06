import { lazy, Suspense, useState } from 'react';
import { EmailAddress } from '../../../components/email-address.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { HiddenColumnHeader } from '../../../components/ui/hidden-column-header.tsx';
import { MessageDialog } from '../../../components/ui/message-dialog.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import { type Assistant, useAssistants } from '../api/list-assistants.ts';
import { useSetAssistantBlocked } from '../api/set-assistant-blocked.ts';
import { SectionSkeleton } from './profile-skeleton.tsx';

// Loaded when first opened.
const AssistantDialog = lazy(async () => ({ default: (await import('./assistant-dialog.tsx')).AssistantDialog }));

/** Assistants (spec coach-shell §2.12, §3 "Assistant", §4): the list, Add/Edit, and block or unblock at once. */
export function AssistantsSection() {
  const { data, error, isPending } = useAssistants();
  const block = useSetAssistantBlocked();
  // The dialog: 'new' to add, an assistant to edit.
  const [editing, setEditing] = useState<Assistant | 'new' | null>(null);
  const [blockFailure, setBlockFailure] = useState<string | null>(null);

  const setBlocked = (assistant: Assistant, isBlocked: boolean) =>
    block.mutate(
      { params: { path: { assistantId: assistant.uuid } }, body: { isBlocked } },
      // spec §8: the server's error info under the title 'Failed'; the switch is turned back.
      { onError: (failure) => setBlockFailure(problemMessage(failure)) },
    );

  return (
    <div className="profile__assistants">
      <p className="profile__hint">Assistants sign in with their own e-mail and act for you. Block one to stop their access.</p>
      {isPending ? <SectionSkeleton /> : null}
      <ProblemAlert error={error} />
      {data && data.items.length === 0 ? <p>You have no assistants yet.</p> : null}
      {data && data.items.length > 0 ? (
        <table className="profile__table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Blocked</th>
              <HiddenColumnHeader>Actions</HiddenColumnHeader>
            </tr>
          </thead>
          <tbody>
            {data.items.map((assistant) => {
              const name = `${assistant.name} ${assistant.surname}`;
              return (
                <tr key={assistant.uuid}>
                  <th scope="row">{name}</th>
                  <td className="profile__email">
                    <EmailAddress address={assistant.email} />
                  </td>
                  <td>
                    <Checkbox
                      aria-label={`Block ${name}`}
                      isSelected={assistant.isBlocked}
                      onChange={(isBlocked) => setBlocked(assistant, isBlocked)}
                    />
                  </td>
                  <td>
                    <Button variant="quiet" onPress={() => setEditing(assistant)}>
                      Edit<span className="visually-hidden"> {name}</span>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <div>
        <Button onPress={() => setEditing('new')}>Add Assistant</Button>
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <AssistantDialog assistant={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <MessageDialog title="Failed" onClose={() => setBlockFailure(null)}>
        {blockFailure}
      </MessageDialog>
    </div>
  );
}
