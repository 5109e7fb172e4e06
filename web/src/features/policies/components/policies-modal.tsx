import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useActionablePolicies } from '../api/list-policies.ts';
import './policies-modal.css';

export const POLICIES_TITLE = 'Policies to sign or accept';
export const POLICIES_OVERDUE =
  'A policy is overdue. Please sign or accept it to go on using the portal: it opens in a new tab, and this window closes by itself once it is done.';
export const POLICIES_WAITING = 'Please sign or accept the following. Each opens in a new tab; this list follows as you sign.';

export interface PoliciesModalProps {
  overdue: boolean;
  onLater: () => void;
  onLogOut: () => void;
}

/** The list of policies to sign, each opening the public policy page in a new tab; overdue, it cannot be closed. */
export function PoliciesModal({ overdue, onLater, onLogOut }: PoliciesModalProps) {
  const { data, error, isPending } = useActionablePolicies();
  return (
    <Dialog
      title={POLICIES_TITLE}
      role={overdue ? 'alertdialog' : 'dialog'}
      isOpen
      isKeyboardDismissDisabled={overdue}
      onOpenChange={(isOpen) => (isOpen || overdue ? undefined : onLater())}
    >
      {overdue ? <Alert tone="error">{POLICIES_OVERDUE}</Alert> : <p>{POLICIES_WAITING}</p>}
      {isPending ? <Loading label="Loading..." /> : null}
      <ProblemAlert error={error} />
      {data ? (
        <ul className="policies-modal__list">
          {data.items.map((policy) => (
            <li key={policy.uuid} className="policies-modal__item">
              <div>
                <span className="policies-modal__title">{policy.title}</span>
                <span className="policies-modal__due">
                  {policy.dueAt ? `Due ${formatCalendarDate(policy.dueAt.slice(0, 10))}` : 'No due date'}
                  {policy.overdue ? <span className="badge policies-modal__overdue">Overdue</span> : null}
                </span>
              </div>
              <a className="btn btn--primary" href={policy.url} target="_blank" rel="noopener">
                {policy.userActionDisplayText}
                <span className="visually-hidden"> {policy.title} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="dialog__actions">
        {overdue ? (
          <Button variant="secondary" onPress={onLogOut}>
            Log Out
          </Button>
        ) : (
          <Button variant="secondary" onPress={onLater}>
            Later
          </Button>
        )}
      </div>
    </Dialog>
  );
}
