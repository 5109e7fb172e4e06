import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { listAssessmentIdsQueryOptions } from '../../api/list-assessment-ids.ts';
import { countOf, namesOf } from '../shared/batch-job.tsx';

/** What the notice says of the received assessments in a selection (spec assessments-and-clients §4.7). */
export const receivedInSelection = (received: number, selected: number) =>
  `${countOf(received, 'assessment', 'assessments')} of the ${selected.toLocaleString('en')} selected ${received === 1 ? 'was' : 'were'} given to you by another coach. Only ${received === 1 ? 'the coach who gave it can invite its client' : 'the coaches who gave them can invite their clients'}.`;

export const GO_ON_WITHOUT = 'Go on without them';
export const SELECT_OWN = 'Select only my own';

/**
 * A selection of Send Invites/Reminders holding received (SCO) assessments: how many and whose, and the choice to
 * go on with the coach's own ones or to select only those in the table. Their ids are the selection without the
 * coach's received ones (the Received SCOs filter's ids, the select-all's own call).
 */
export function ReceivedNotice({
  ids,
  received,
  names,
  onWithout,
  onSelectOwn,
  onClose,
}: {
  ids: readonly string[];
  received: number;
  names: string[];
  onWithout: (own: readonly string[]) => void;
  onSelectOwn?: (own: readonly string[]) => void;
  onClose: () => void;
}) {
  const receivedIds = useQuery(listAssessmentIdsQueryOptions({ view: 'own', filter: 'receivedScos' }));
  const own = useMemo(() => {
    if (!receivedIds.data) return null;
    const theirs = new Set(receivedIds.data.ids);
    return ids.filter((id) => !theirs.has(id));
  }, [ids, receivedIds.data]);
  const ready = own !== null && own.length > 0;
  return (
    <FormDialog
      title="Send Invites/Reminders"
      onClose={onClose}
      onSubmit={() => ready && onWithout(own)}
      submitLabel={GO_ON_WITHOUT}
      isPending={receivedIds.isPending}
      isSubmitDisabled={!ready}
      actions={
        onSelectOwn ? (
          <Button variant="secondary" isDisabled={!ready} onPress={() => ready && onSelectOwn(own)}>
            {SELECT_OWN}
          </Button>
        ) : null
      }
    >
      <p>{receivedInSelection(received, ids.length)}</p>
      <dl className="send-email__groups">
        <div>
          <dt>{`${countOf(received, 'received assessment', 'received assessments')}`}</dt>
          <dd>{namesOf({ count: received, names })}</dd>
        </div>
      </dl>
      {own ? (
        <p>{`${countOf(own.length, 'assessment is', 'assessments are')} your own: the invites and reminders go to them only.`}</p>
      ) : null}
      <ProblemAlert error={receivedIds.error} />
    </FormDialog>
  );
}
