import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { WebProfileDraft } from '../utils/profile-draft.ts';
import { ProfileSection } from './profile-section.tsx';
import { LIMITS } from './profile-text.ts';

export interface WebProfileSectionProps {
  webProfile: WebProfileDraft;
  onChange: (webProfile: WebProfileDraft) => void;
  /** The fields the BFF refused on the last save (`webProfile.email`, …), with their sentences. */
  refused?: Readonly<Record<string, string>>;
}

type TextKey = Exclude<keyof WebProfileDraft, 'enabled' | 'workOnline'>;
const FIELDS: { key: Exclude<TextKey, 'scopeOfPractice' | 'specialization'>; label: string; type?: string; max: number }[] = [
  { key: 'email', label: 'Public email', type: 'email', max: LIMITS.webEmail },
  { key: 'phoneNumber', label: 'Public phone number', type: 'tel', max: LIMITS.webPhoneNumber },
  { key: 'country', label: 'Country', max: LIMITS.country },
  { key: 'city', label: 'City', max: LIMITS.city },
  { key: 'website', label: 'Website', type: 'url', max: LIMITS.website },
  { key: 'languages', label: 'Languages', max: LIMITS.languages },
];

/** Web Profile (spec coach-shell §3 "Web profile", §5 limits): the public practitioner profile. */
export function WebProfileSection({ webProfile, onChange, refused = {} }: WebProfileSectionProps) {
  const set = (key: TextKey) => (value: string) => onChange({ ...webProfile, [key]: value });
  const refusal = (key: TextKey) => ({ isInvalid: refused[`webProfile.${key}`] !== undefined, errorMessage: refused[`webProfile.${key}`] });
  return (
    <ProfileSection id="webProfile">
      <div className="profile__checks">
        <Checkbox isSelected={webProfile.enabled} onChange={(enabled) => onChange({ ...webProfile, enabled })}>
          Show my web practitioner profile
        </Checkbox>
        <Checkbox isSelected={webProfile.workOnline} onChange={(workOnline) => onChange({ ...webProfile, workOnline })}>
          I work online
        </Checkbox>
      </div>
      <div className="profile__grid">
        {FIELDS.map(({ key, label, type, max }) => (
          <TextField key={key} label={label} type={type} value={webProfile[key]} onChange={set(key)} maxLength={max} {...refusal(key)} />
        ))}
        {(
          [
            ['scopeOfPractice', 'Scope of practice'],
            ['specialization', 'Specialization'],
          ] as const
        ).map(([key, label]) => (
          <TextArea
            key={key}
            label={label}
            value={webProfile[key]}
            onChange={set(key)}
            maxLength={LIMITS.longText}
            {...refusal(key)}
            rows={4}
            description={`${webProfile[key].length}/${LIMITS.longText}`}
            className="profile__wide"
          />
        ))}
      </div>
    </ProfileSection>
  );
}
