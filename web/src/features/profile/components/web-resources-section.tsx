import Download from 'lucide-react/icons/download';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import type { Profile } from '../api/get-profile.ts';
import { ProfileSection } from './profile-section.tsx';
import { PROFILE_TEXT, PROFILE_TOAST_MS, SECTIONS } from './profile-text.ts';

export interface WebResourcesSectionProps {
  resources: Profile['webResources'];
  webProfileEnabled: boolean;
  /** The Web Profile section is shown (not to an assistant). */
  canEditWebProfile: boolean;
}

/**
 * Web Resources (spec coach-shell §2.12, §6): the accreditation stamps the BFF lists for the coach's level, the
 * Assessment Self-Registration link with Copy Link, and the web practitioner profile.
 */
export function WebResourcesSection({ resources, webProfileEnabled, canEditWebProfile }: WebResourcesSectionProps) {
  const copy = async () => {
    const copied = await copyToClipboard(resources.selfRegistrationUrl);
    showToast(copied ? PROFILE_TEXT.copied : PROFILE_TEXT.notCopied, copied ? 'success' : 'info', PROFILE_TOAST_MS);
  };
  return (
    <ProfileSection id="webResources">
      <h3>Stamps</h3>
      {resources.stamps.length === 0 ? (
        <p className="profile__hint">Your accreditation stamps appear here once you are accredited.</p>
      ) : (
        <ul className="profile__stamps list-stack">
          {resources.stamps.map((stamp) => (
            <li key={stamp.level} className="profile__stamp-card">
              <img className="profile__stamp-image" src={stamp.url} alt="" width={112} height={112} loading="lazy" />
              <a className="btn btn--secondary profile__stamp" href={stamp.url} download>
                <Download className="icon" aria-hidden="true" strokeWidth={1.75} />
                Level {stamp.level}: {stamp.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 id="self-registration-title">Assessment Self-Registration</h3>
      <p className="profile__hint">Share this link: clients who open it register and pay for an assessment themselves.</p>
      <div className="profile__link-row">
        <input
          className="field__input profile__link-input"
          aria-labelledby="self-registration-title"
          readOnly
          value={resources.selfRegistrationUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onPress={copy}>{PROFILE_TEXT.copyLink}</Button>
      </div>
      <h3>Web Practitioner Profile</h3>
      <p className="profile__hint">
        {webProfileEnabled ? 'Your web practitioner profile is published.' : 'Your web practitioner profile is not published.'}
        {canEditWebProfile ? (
          <>
            {' '}
            Edit it under <a href={`#${SECTIONS.webProfile.id}`}>{SECTIONS.webProfile.label}</a>.
          </>
        ) : null}
      </p>
    </ProfileSection>
  );
}
