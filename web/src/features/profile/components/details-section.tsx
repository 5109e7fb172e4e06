import { useEffect, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { Profile } from '../api/get-profile.ts';
import { type DetailsDraft, PHOTO_ACCEPT, photoProblem } from '../utils/profile-draft.ts';
import { ProfileSection } from './profile-section.tsx';
import { LIMITS } from './profile-text.ts';

export interface DetailsSectionProps {
  profile: Profile;
  details: DetailsDraft;
  photo: File | null;
  onDetails: (details: DetailsDraft) => void;
  onPhoto: (photo: File | null) => void;
  /** The fields the BFF refused on the last save, by its field name, with its sentence. */
  refused?: Readonly<Record<string, string>>;
}

const FIELDS: { key: keyof DetailsDraft; label: string; type?: string; autoComplete?: string }[] = [
  { key: 'name', label: 'Name', autoComplete: 'given-name' },
  { key: 'surname', label: 'Surname', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'businessName', label: 'Business name', autoComplete: 'organization' },
  { key: 'phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { key: 'vatNumber', label: 'VAT number' },
  { key: 'companyRegNumber', label: 'Company registration number' },
];

/** Details (spec coach-shell §3 "Coach"): the coach's fields and the profile photo. */
export function DetailsSection({ profile, details, photo, onDetails, onPhoto, refused = {} }: DetailsSectionProps) {
  const set = (key: keyof DetailsDraft) => (value: string) => onDetails({ ...details, [key]: value });
  return (
    <ProfileSection id="details">
      <div className="profile__details">
        <PhotoPicker photoUrl={profile.photoUrl} photo={photo} onPhoto={onPhoto} name={`${profile.name} ${profile.surname}`} />
        <div className="profile__grid">
          {FIELDS.map(({ key, label, type, autoComplete }) => (
            <TextField
              key={key}
              label={label}
              type={type}
              autoComplete={autoComplete}
              value={details[key]}
              onChange={set(key)}
              maxLength={LIMITS[key]}
              isRequired={key === 'name' || key === 'surname' || key === 'email'}
              isInvalid={refused[key] !== undefined}
              errorMessage={refused[key]}
            />
          ))}
          <TextArea
            label="Postal address"
            value={details.postalAddress}
            onChange={set('postalAddress')}
            maxLength={LIMITS.postalAddress}
            isInvalid={refused.postalAddress !== undefined}
            errorMessage={refused.postalAddress}
            rows={3}
            className="profile__wide"
          />
        </div>
      </div>
    </ProfileSection>
  );
}

interface PhotoPickerProps {
  photoUrl: string | null;
  photo: File | null;
  /** The coach's name: the photo's text, and the initials without one. */
  name: string;
  onPhoto: (photo: File | null) => void;
}

/** spec §5 "Profile photo": jpg, jpeg or png under 8 MB, checked when picked; shown at once, saved with Save Changes. */
function PhotoPicker({ photoUrl, photo, name, onPhoto }: PhotoPickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? photoUrl;

  return (
    <div className="profile__photo">
      {shown ? (
        <img className="profile__photo-image" src={shown} alt={`${name} (profile)`} width={128} height={128} />
      ) : (
        <span className="profile__photo-image profile__photo-initials" aria-hidden="true">
          {name
            .split(' ')
            .map((part) => part.charAt(0))
            .join('')
            .slice(0, 2)
            .toUpperCase()}
        </span>
      )}
      <label className="btn btn--secondary profile__photo-pick">
        {shown ? 'Change photo' : 'Add photo'}
        <input
          type="file"
          accept={PHOTO_ACCEPT}
          className="visually-hidden"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            const message = photoProblem(file);
            setProblem(message);
            if (!message) onPhoto(file);
          }}
        />
      </label>
      {photo ? (
        <p className="profile__hint">New photo: saved with Save Changes.</p>
      ) : (
        <p className="profile__hint">JPG or PNG, less than 8MB.</p>
      )}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}
