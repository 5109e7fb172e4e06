import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { tableDate } from '../../../../components/data-table/table-state.ts';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { Tabs } from '../../../../components/ui/tabs.tsx';
import { REPORT_NAMES } from '../../../../lib/labels/assessments.ts';
import { type HistoryEntry, type HistoryKind, useAssessmentHistory } from '../../api/list-assessment-history.ts';
import { historyNote, NO_HISTORY } from '../../utils/assessment-texts.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';

export interface HistoryDialogProps {
  /** The assessment, and the client's name for the title; null = closed. */
  assessment: { id: string; name: string } | null;
  onClose: () => void;
}

/** The history of the invites and reports sent for one assessment (spec assessments-and-clients §2.4, §3.3, §8). */
export function HistoryDialog({ assessment, onClose }: HistoryDialogProps) {
  const [kind, setKind] = useState<Key>('invite');
  return (
    <Dialog
      title={assessment ? `History: ${assessment.name}` : 'History'}
      size="wide"
      isOpen={assessment !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {assessment ? (
        <Tabs
          label="History"
          selectedKey={kind}
          onSelectionChange={setKind}
          items={[
            { id: 'invite', title: 'Invites', content: <HistoryList assessmentId={assessment.id} kind="invite" /> },
            { id: 'report', title: 'Reports', content: <HistoryList assessmentId={assessment.id} kind="report" /> },
          ]}
        />
      ) : null}
      <div className="dialog__actions">
        <Button onPress={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

function what(entry: HistoryEntry, kind: HistoryKind): string {
  if (kind === 'report') return (entry.reports ?? []).map((report) => REPORT_NAMES[report]).join(', ') || 'Reports';
  if (entry.inviteType === 'link') return 'Assessment link copied';
  return entry.isReminder ? 'Reminder' : 'Invite';
}

function HistoryList({ assessmentId, kind }: { assessmentId: string; kind: HistoryKind }) {
  const { data, error, isPending } = useAssessmentHistory(assessmentId, kind);
  if (isPending) return <Loading label="Loading..." />;
  if (error) return <ProblemAlert error={error} />;
  if (data.items.length === 0)
    return (
      <div className="history-empty">
        <p>{NO_HISTORY}</p>
        <p className="history-empty__note">{historyNote(kind)}</p>
      </div>
    );
  return (
    <table className="history-table">
      <thead>
        <tr>
          <th scope="col">Sent</th>
          <th scope="col">{kind === 'invite' ? 'Type' : 'Reports'}</th>
          <th scope="col">How</th>
          <th scope="col">To</th>
        </tr>
      </thead>
      <tbody>
        {data.items.map((entry) => (
          <tr key={`${entry.createdAt}-${entry.destinationEmail}`}>
            <td className="history-table__date">{tableDate(entry.createdAt)}</td>
            <td>{what(entry, kind)}</td>
            <td>{entry.inviteType === 'link' ? 'Link' : entry.sentViaServer ? 'Sent by the portal' : 'Your own e-mail'}</td>
            <td>{entry.destinationEmail || '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** History (spec §2.4): the sent invites and reports of the one selected assessment. */
export default function HistoryAction({ ids, rows, finish }: AssessmentActionProps) {
  const [id] = ids;
  const row = rows.find((item) => item.id === id);
  return (
    <HistoryDialog assessment={id ? { id, name: row ? `${row.clientName} ${row.clientSurname}` : '' } : null} onClose={() => finish()} />
  );
}
