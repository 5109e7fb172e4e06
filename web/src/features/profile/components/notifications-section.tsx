import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import type { NotificationsDraft } from '../utils/profile-draft.ts';
import { ProfileSection } from './profile-section.tsx';

export interface NotificationsSectionProps {
  notifications: NotificationsDraft;
  onChange: (notifications: NotificationsDraft) => void;
}

/** Notification Preferences (spec coach-shell §2.12, §5): the three flags and extra recipients, one e-mail per line. */
export function NotificationsSection({ notifications, onChange }: NotificationsSectionProps) {
  const flag = (key: 'singleAssessment' | 'bulkAssessment' | 'teamReport') => (value: boolean) =>
    onChange({ ...notifications, [key]: value });
  return (
    <ProfileSection id="notifications" title="Notification Preferences">
      <div className="profile__checks">
        <Checkbox isSelected={notifications.singleAssessment} onChange={flag('singleAssessment')}>
          E-mail me when a single assessment is completed
        </Checkbox>
        <Checkbox isSelected={notifications.bulkAssessment} onChange={flag('bulkAssessment')}>
          E-mail me about bulk assessments
        </Checkbox>
        <Checkbox isSelected={notifications.teamReport} onChange={flag('teamReport')}>
          E-mail me when a team report is ready
        </Checkbox>
      </div>
      <TextArea
        label="Extra recipients"
        description="Also send these notifications to: one e-mail address per line."
        value={notifications.extraRecipients}
        onChange={(extraRecipients) => onChange({ ...notifications, extraRecipients })}
        rows={4}
        className="profile__recipients"
      />
    </ProfileSection>
  );
}
