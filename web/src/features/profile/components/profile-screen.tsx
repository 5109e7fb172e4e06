import { useSetAtom } from 'jotai';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { isAcceptablePassword } from '../../../lib/password/password-rule.ts';
import { usePasswordScore } from '../../../lib/password/use-password-score.ts';
import { problemCode, problemMessage, refusedFields } from '../../../lib/problem.ts';
import { coachDetailsSavedAtom, type Session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { type Profile, useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { photoUpload, useUploadProfilePhoto } from '../api/upload-profile-photo.ts';
import { useFieldsClearOf } from '../hooks/use-fields-clear-of.ts';
import { draftOf, hasPasswordChange, isDirty, NO_PASSWORD, type ProfileDraft, profileChanges } from '../utils/profile-draft.ts';
import { DetailsSection } from './details-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PASSWORD_REFUSALS, PasswordSection } from './password-section.tsx';
import { PoliciesSection } from './policies-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { ProfileSkeleton, SectionSkeleton } from './profile-skeleton.tsx';
import { PROFILE_TEXT, PROFILE_TOAST_MS, SECTIONS, type SectionId } from './profile-text.ts';
import { WebProfileSection } from './web-profile-section.tsx';
import { WebResourcesSection } from './web-resources-section.tsx';
import './profile.css';

// Loaded when the screen first shows them: the route's first JavaScript stays small.
const TwoFactorSection = lazy(async () => ({ default: (await import('./two-factor-section.tsx')).TwoFactorSection }));
const AssistantsSection = lazy(async () => ({ default: (await import('./assistants-section.tsx')).AssistantsSection }));
const SessionsSection = lazy(async () => ({ default: (await import('./sessions-section.tsx')).SessionsSection }));

/** What the save bar keeps clear with a field: its cell of a section's grid (a live status under it too), else its label and message. */
const FIELD_GROUPS = ['.profile__grid > *', '.field'] as const;

/**
 * The sections this person sees (spec coach-shell §2.12, §6): an assistant has no Details, Assistants,
 * Notifications or Web Profile; a coach limited to the mini-assessment has no Notifications, Web Resources or
 * Web Profile.
 */
export function visibleSections(session: Session): SectionId[] {
  const assisted = session.roles.assisted;
  const miniOnly = session.coach.onlyMiniAssessment;
  const hidden = new Set<SectionId>([
    ...(assisted ? (['details', 'assistants', 'notifications', 'webProfile'] as const) : []),
    ...(miniOnly ? (['notifications', 'webResources', 'webProfile'] as const) : []),
  ]);
  return (Object.keys(SECTIONS) as SectionId[]).filter((id) => !hidden.has(id));
}

/** The Profile screen (spec coach-shell §2.12): sticky section tabs, the sections, the floating Save Changes. */
export function ProfileScreen() {
  usePageTitle(PROFILE_TEXT.title);
  const { data, error, isPending, refetch } = useProfile();
  return (
    <section className="profile stack" aria-labelledby="profile-title">
      <h1 id="profile-title">{PROFILE_TEXT.title}</h1>
      {isPending ? <ProfileSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data ? <ProfileForm profile={data} /> : null}
    </section>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const session = useSession();
  const sections = visibleSections(session);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [failure, setFailure] = useState<string | null>(null);
  // The fields the BFF refused, each with its sentence, shown at the field until the next edit.
  const [refused, setRefused] = useState<Readonly<Record<string, string>>>({});
  const update = useUpdateProfile();
  const upload = useUploadProfilePhoto();
  const detailsSaved = useSetAtom(coachDetailsSavedAtom);
  const score = usePasswordScore(draft.password.new);
  const saving = update.isPending || upload.isPending;
  const dirty = isDirty(profile, draft);
  const saveBar = useRef<HTMLElement>(null);
  const saveBarShown = dirty || failure !== null;

  useScrollToHash();
  // The floating bar never sits over the field being edited (nor the one its message is about), nor its status line.
  useFieldsClearOf(saveBar, saveBarShown, FIELD_GROUPS);

  const edit =
    <K extends keyof ProfileDraft>(key: K) =>
    (value: ProfileDraft[K]) => {
      setFailure(null);
      setRefused({});
      setDraft((current) => ({ ...current, [key]: value }));
    };

  async function save() {
    if (saving) return;
    setFailure(null);
    setRefused({});
    const changes = profileChanges(profile, draft);
    // spec §5: the new password meets the reset page's rule and is confirmed before it is sent.
    // The sentence in the save bar (the spec's 'Update failed - …') and at the field it is about.
    const refuse = (field: string, sentence: string) => {
      setFailure(sentence);
      setRefused({ [field]: sentence });
    };
    if (changes?.password && hasPasswordChange(draft.password)) {
      if (!isAcceptablePassword(draft.password.new, score)) return refuse('password.new', PROFILE_TEXT.weakPassword);
      if (draft.password.confirm !== draft.password.new) return refuse('password.confirm', PROFILE_TEXT.passwordMismatch);
    }
    try {
      if (changes) {
        const saved = await update.mutateAsync({ body: changes });
        setDraft((current) => ({ ...draftOf(saved), photo: current.photo }));
        detailsSaved({ name: saved.name, surname: saved.surname, email: saved.email });
      }
      if (draft.photo) {
        const { photoUrl } = await upload.mutateAsync(photoUpload(draft.photo));
        detailsSaved({ photoUrl });
        setDraft((current) => ({ ...current, photo: null }));
      }
      showToast(PROFILE_TEXT.saved, 'success', PROFILE_TOAST_MS);
    } catch (problem) {
      const passwordField = PASSWORD_REFUSALS[problemCode(problem) ?? ''];
      if (passwordField) refuse(passwordField, problemMessage(problem));
      else {
        setFailure(problemMessage(problem));
        setRefused(refusedFields(problem));
      }
    }
  }

  const show = (id: SectionId, content: ReactNode) => (sections.includes(id) ? content : null);
  const assisted = session.roles.assisted;

  return (
    <>
      <SectionTabs sections={sections} />
      <div className="profile__sections">
        {show(
          'details',
          <DetailsSection
            profile={profile}
            details={draft.details}
            photo={draft.photo}
            onDetails={edit('details')}
            onPhoto={edit('photo')}
            refused={refused}
          />,
        )}
        {show(
          'password',
          <PasswordSection
            label={assisted && session.roles.assistant ? `Password (${session.roles.assistant.email})` : SECTIONS.password.label}
            password={draft.password}
            score={score}
            onChange={edit('password')}
            refused={refused}
          />,
        )}
        {show(
          'twoFactor',
          <ProfileSection id="twoFactor">
            <Suspense fallback={<SectionSkeleton />}>
              <TwoFactorSection enabled={profile.twoFactorEnabled} />
            </Suspense>
          </ProfileSection>,
        )}
        {show(
          'sessions',
          <ProfileSection id="sessions">
            <Suspense fallback={<SectionSkeleton />}>
              <SessionsSection />
            </Suspense>
          </ProfileSection>,
        )}
        {show(
          'assistants',
          <ProfileSection id="assistants">
            <Suspense fallback={<SectionSkeleton />}>
              <AssistantsSection />
            </Suspense>
          </ProfileSection>,
        )}
        {show('policies', <PoliciesSection />)}
        {show('notifications', <NotificationsSection notifications={draft.notifications} onChange={edit('notifications')} />)}
        {show(
          'webResources',
          <WebResourcesSection
            resources={profile.webResources}
            webProfileEnabled={profile.webProfile.enabled}
            canEditWebProfile={sections.includes('webProfile')}
          />,
        )}
        {show('webProfile', <WebProfileSection webProfile={draft.webProfile} onChange={edit('webProfile')} refused={refused} />)}
      </div>
      {saveBarShown ? (
        <section ref={saveBar} className="profile__save" aria-label="Unsaved changes">
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="profile__save-actions">
            <Button
              variant="secondary"
              onPress={() => {
                setFailure(null);
                setRefused({});
                setDraft({ ...draftOf(profile), password: NO_PASSWORD });
              }}
              isDisabled={saving}
            >
              Discard
            </Button>
            {dirty ? (
              <Button onPress={save} isDisabled={saving}>
                {saving ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}

/** How far down the window a section's top must be scrolled to be the one in view (a share of the window's height). */
const READING_LINE = 0.3;

/**
 * The sticky tabs: a link to each section; the one in view is marked (the last section whose top has passed the
 * reading line). At the end of the page the chosen one stays marked: a short section near the end never reaches the
 * line, as the page cannot scroll past its end.
 */
function SectionTabs({ sections }: { sections: SectionId[] }) {
  const [current, setCurrent] = useState<SectionId | null>(null);
  const chosen = useRef<SectionId | null>(null);
  useEffect(() => {
    let frame = 0;
    const mark = () => {
      frame = 0;
      const line = window.innerHeight * READING_LINE;
      const topOf = (section: SectionId) => document.getElementById(SECTIONS[section].id)?.getBoundingClientRect().top;
      const passed = sections.filter((section) => (topOf(section) ?? Number.POSITIVE_INFINITY) <= line);
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const pick = chosen.current;
      const chosenInView = pick !== null && (topOf(pick) ?? Number.POSITIVE_INFINITY) < window.innerHeight;
      setCurrent(atEnd && chosenInView ? pick : (passed.at(-1) ?? sections[0] ?? null));
      if (!atEnd) chosen.current = null;
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(mark);
    };
    mark();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [sections]);

  return (
    <nav className="profile__tabs" aria-label="Profile sections">
      <ul>
        {sections.map((id) => (
          <li key={id}>
            <a
              href={`#${SECTIONS[id].id}`}
              className="profile__tab"
              aria-current={current === id ? 'location' : undefined}
              onClick={() => {
                chosen.current = id;
                setCurrent(id);
              }}
            >
              {SECTIONS[id].label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A link to a section (the Balance screen's /profile#webResourcesSection) scrolls to it once the sections are shown. */
function useScrollToHash() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);
}
