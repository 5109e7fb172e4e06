import { Skeleton, SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';

const TAB_KEYS = ['details', 'password', 'two-factor', 'sessions', 'policies'];
const FIELD_KEYS = ['name', 'surname', 'email', 'phone', 'company', 'country'];

/** The Profile's shape until the profile is there: the section tabs, then the details' card of paired fields and a second card. */
export function ProfileSkeleton() {
  return (
    <SkeletonRegion>
      <div className="profile-skeleton__tabs">
        {TAB_KEYS.map((key) => (
          <Skeleton key={key} shape="block" width="6.5rem" height="2rem" />
        ))}
      </div>
      <div className="profile__sections">
        <div className="card profile-skeleton__card">
          <Skeleton width="8rem" height="1.25rem" />
          <div className="profile__grid">
            {FIELD_KEYS.map((key) => (
              <span key={key} className="profile-skeleton__field">
                <Skeleton width="6rem" />
                <Skeleton shape="block" />
              </span>
            ))}
          </div>
        </div>
        <div className="card profile-skeleton__card">
          <Skeleton width="7rem" height="1.25rem" />
          <div className="profile__grid profile__grid--password">
            <Skeleton shape="block" />
            <Skeleton shape="block" />
            <Skeleton shape="block" />
          </div>
        </div>
      </div>
    </SkeletonRegion>
  );
}

/** A section's content until its own answer (or code) is there: a few lines of text. */
export function SectionSkeleton() {
  return (
    <SkeletonRegion>
      <SkeletonLines count={3} />
    </SkeletonRegion>
  );
}
