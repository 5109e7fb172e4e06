import { Link } from '../../../components/ui/link.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { COACH_SCREENS, type CoachScreenId } from '../utils/drawer-items.ts';
import './coming-soon.css';

/** What each screen not built yet will do, in a sentence (spec coach-shell §2, assessments-and-clients). */
const PURPOSE: Readonly<Partial<Record<CoachScreenId, string>>> = {
  assessments: 'Invite clients, follow each assessment through the pipeline and send their reports.',
  miniAssessments: 'See who took your mini-assessment and their results.',
  scoGiven: 'See the assessments and teams you have given to other coaches.',
  teams: 'Build teams from your clients and request team reports.',
  pairs: 'Pair two assessments and order a pair report.',
  balance: 'Your credits and every transaction on your account.',
  emailTemplates: 'Write the e-mails your clients receive with their invitations and reports.',
  samplesAndBrochures: 'Sample reports and brochures to share with your clients.',
  help: 'How the portal works, and what is new.',
  profile: 'Your details, password, two-factor authentication, assistants and policies.',
  team: 'A team report and its members.',
};

/** A coach screen that is not built yet: its title, what it will do, and the way back (never a broken page). */
export function ComingSoon({ screen }: { screen: CoachScreenId }) {
  const { label } = COACH_SCREENS[screen];
  usePageTitle(label);
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <p className="coming-soon__tag">Coming soon</p>
      <h1 id="coming-soon-title">{label}</h1>
      <p className="coming-soon__lead">{PURPOSE[screen]}</p>
      <p>This screen is being built for the new Coach Portal and will appear here.</p>
      <p>
        <Link href={COACH_SCREENS.dashboard.path}>Back to the Dashboard</Link>
      </p>
    </section>
  );
}
