import type { LucideIcon } from 'lucide-react';
import CircleUserRound from 'lucide-react/icons/circle-user-round';
import { Link } from '../../../components/ui/link.tsx';
import type { CoachScreenId } from '../../../lib/screens.ts';

/** A screen the signed-in role may open from the drawer or the palette. */
export interface OpenScreen {
  id: CoachScreenId;
  path: string;
  label: string;
  icon?: LucideIcon;
}

// What an assistant does on each screen they may open for the coach (spec coach-shell §2.1, §6: no Assessments, Teams,
// Pairs or Balance; Profile without Details, Assistants, Notifications, Web Profile).
const TASKS: Partial<Record<CoachScreenId, string>> = {
  miniAssessments: 'Share the mini-assessment link and see who has taken it, with the style each one found.',
  scoGiven: 'Follow the assessments shared with other coaches.',
  emailTemplates: 'Adjust the wording of the e-mails clients receive.',
  messages: 'Read what the portal has sent the coach.',
  samplesAndBrochures: 'Preview the sample reports to show a prospective client.',
  help: 'Answers and how-tos for every page.',
  profile: 'Change your own password and two-factor sign-in.',
};

/** The assistant's dashboard: what they can do for the coach, a card a screen they may open (Profile, which has no drawer icon, the account's). */
export function AssistantTasks({ coachName, screens }: { coachName: string; screens: readonly OpenScreen[] }) {
  const tasks = screens.flatMap((screen) => {
    const task = TASKS[screen.id];
    return task ? [{ ...screen, task }] : [];
  });
  if (tasks.length === 0) return null;
  return (
    <section className="dashboard-tasks" aria-labelledby="dashboard-tasks-title">
      <h2 id="dashboard-tasks-title">What you can do for {coachName}</h2>
      <ul className="dashboard-tasks__list">
        {tasks.map(({ id, path, label, icon: Icon = CircleUserRound, task }) => (
          <li key={id} className="card dashboard-tasks__card">
            <Icon className="dashboard-tasks__icon" aria-hidden="true" size={22} />
            <span className="dashboard-tasks__text">
              <Link href={path} className="dashboard-tasks__link">
                {label}
              </Link>
              <span>{task}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
