import X from 'lucide-react/icons/x';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import type { UpdateNotice } from '../hooks/use-updates.ts';
import './update-notices.css';

export interface UpdateNoticesProps {
  notices: readonly UpdateNotice[];
  onDismiss: (id: string) => void;
}

/**
 * The changes the coach area was told about (getUpdates), each a quiet notification with its link. A polite log,
 * always in the page so that a notification added to it is announced, never a dialog and never given the focus: the
 * coach reads it when they choose. It stays until dismissed or followed (no time limit to read it or reach its link)
 * and sits at the foot of the window, away from the top bar, the screen's title and the table's toolbar (at desktop
 * width in the drawer's column, clear of a table's pager: update-notices.css).
 */
export function UpdateNotices({ notices, onDismiss }: UpdateNoticesProps) {
  return (
    <div role="log" aria-label="Updates" className="update-notices">
      {notices.length > 0 ? (
        <ul className="update-notices__list">
          {notices.map((notice) => (
            <li key={notice.id} className="update-notice">
              <p className="update-notice__text">{notice.text}</p>
              <Link href={notice.link} className="link update-notice__link" onClick={() => onDismiss(notice.id)}>
                View
              </Link>
              <Button variant="quiet" className="update-notice__dismiss" aria-label="Dismiss" onPress={() => onDismiss(notice.id)}>
                <X className="icon" aria-hidden="true" strokeWidth={1.75} />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
