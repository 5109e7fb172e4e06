import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { ActionMessage } from '../components/data-table/table-actions.ts';
import { ASSESSMENT_ACTIONS } from '../features/assessments/actions/registry.ts';
import type { FindAnythingProps } from '../features/coach-shell/components/coach-shell-parts.ts';
import { drawerItems, mayOpen, offersSupport, paletteScreens } from '../features/coach-shell/utils/drawer-items.ts';
import type { AssessmentRow } from '../features/find-anything/api/search-portal.ts';
import { FindAnythingPalette } from '../features/find-anything/components/find-anything-palette.tsx';
import type { AssessmentCommand, PaletteCommand, PaletteScreen } from '../features/find-anything/utils/palette-items.ts';

const MessageDialog = lazy(async () => ({ default: (await import('../components/ui/message-dialog.tsx')).MessageDialog }));
const LeaveMessageDialog = lazy(async () => ({
  default: (await import('../features/feedback/components/leave-message-dialog.tsx')).LeaveMessageDialog,
}));

/** The assessments table's common actions the palette offers on one assessment, with what each row must allow. */
const ASSESSMENT_COMMANDS: readonly { id: keyof typeof ASSESSMENT_ACTIONS; refusal?: AssessmentCommand['refusal'] }[] = [
  // A completed assessment has no invite or reminder left to send (its `permissions`).
  { id: 'sendInvites', refusal: (row) => (row.permissions.canInvite ? undefined : 'Completed: no invite or reminder to send.') },
  { id: 'sendReports' },
  { id: 'copyLink' },
  { id: 'downloadReports' },
];

/**
 * The find-anything palette with what other features give it: the screens of the role's drawer, the shell's own
 * actions, and the assessments table's actions (its registry: the same dialogs, limits and messages), each started
 * on one assessment as the toolbar starts it on a selection of one.
 */
export default function FindAnything({ isOpen, onOpenChange, session, onLogOut }: FindAnythingProps) {
  const [, navigate] = useLocation();
  const [running, setRunning] = useState<{ id: keyof typeof ASSESSMENT_ACTIONS; row: AssessmentRow } | null>(null);
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [leavingMessage, setLeavingMessage] = useState(false);

  const screens = useMemo((): PaletteScreen[] => paletteScreens(session), [session]);

  const commands = useMemo((): PaletteCommand[] => {
    const visible = new Set(drawerItems(session).map((item) => item.id));
    return [
      // The dashboard's buttons (spec coach-shell §2.3): an assistant may add clients for the coach, not teams.
      ...(session.coach.onlyMiniAssessment || !mayOpen(session, 'assessments')
        ? []
        : [{ id: 'addClient', label: 'Add New Client', keywords: 'assessment new', run: () => navigate('/assessments?add=1') }]),
      ...(visible.has('teams') ? [{ id: 'addTeam', label: 'Add New Team', run: () => navigate('/teams?add=1') }] : []),
      ...(offersSupport(session)
        ? [{ id: 'leaveMessage', label: 'Leave A Message', keywords: 'feedback support contact', run: () => setLeavingMessage(true) }]
        : []),
      { id: 'logOut', label: 'Log Out', keywords: 'sign out', run: onLogOut },
    ];
  }, [session, navigate, onLogOut]);

  const assessmentCommands = useMemo(
    (): AssessmentCommand[] =>
      ASSESSMENT_COMMANDS.flatMap(({ id, refusal }) => {
        const action = ASSESSMENT_ACTIONS[id];
        if (!action || (action.isShown && !action.isShown({ view: 'own', session }))) return [];
        return [{ id, label: action.label, refusal, preload: action.component.preload }];
      }),
    [session],
  );

  const Action = running ? ASSESSMENT_ACTIONS[running.id]?.component : undefined;
  return (
    <>
      <FindAnythingPalette
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        screens={screens}
        commands={commands}
        assessmentCommands={assessmentCommands}
        onAssessmentCommand={(id, row) => setRunning({ id, row })}
      />
      <Suspense fallback={null}>
        {running && Action ? (
          <Action
            view="own"
            session={session}
            ids={[running.row.id]}
            rows={[running.row]}
            clearSelection={() => undefined}
            finish={(ended) => {
              setRunning(null);
              if (ended) setMessage(ended);
            }}
          />
        ) : null}
        {message ? (
          <MessageDialog title={message.title} onClose={() => setMessage(null)}>
            {message.body}
          </MessageDialog>
        ) : null}
        {leavingMessage ? <LeaveMessageDialog isOpen onClose={() => setLeavingMessage(false)} /> : null}
      </Suspense>
    </>
  );
}
