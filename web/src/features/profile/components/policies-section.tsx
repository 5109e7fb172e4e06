import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { GENERAL_TERMS_URL, LICENCE_AGREEMENT_URL } from '../../../config/build.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { usePolicies } from '../api/list-policies.ts';
import { ProfileSection } from './profile-section.tsx';
import { SectionSkeleton } from './profile-skeleton.tsx';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Policies (spec coach-shell §2.12, §3 "Policy"): the licence agreement and general terms, and the policies to sign, each in a new tab. */
export function PoliciesSection() {
  const { data, error, isPending } = usePolicies();
  return (
    <ProfileSection id="policies">
      <ul className="profile__links">
        <li>
          <a className="link" href={LICENCE_AGREEMENT_URL} {...NEW_TAB}>
            End-user licence agreement<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a className="link" href={GENERAL_TERMS_URL} {...NEW_TAB}>
            General terms<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      <h3>Policies to sign or accept</h3>
      {isPending ? <SectionSkeleton /> : null}
      <ProblemAlert error={error} />
      {data && data.items.length === 0 ? <p className="profile__hint">There are no policies for you to sign.</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="profile__policies list-stack">
          {data.items.map((policy) => (
            <li key={policy.uuid}>
              <a className="link" href={policy.url} {...NEW_TAB}>
                {policy.title}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <span className="profile__policy-meta">
                {policy.userActionDisplayText}
                {policy.dueAt ? ` · due ${formatCalendarDate(policy.dueAt.slice(0, 10))}` : ''}
              </span>
              {policy.overdue ? <span className="badge profile__overdue">Overdue</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </ProfileSection>
  );
}
