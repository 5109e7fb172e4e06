// The Profile screen's texts (spec coach-shell §2.12, §5, §8); toasts last 3.5 s, as the shell's (§9).
export const PROFILE_TOAST_MS = 3500;

export const SECTIONS = {
  details: { id: 'detailsSection', label: 'Details' },
  password: { id: 'passwordSection', label: 'Password' },
  twoFactor: { id: 'twoFactorSection', label: 'Two-Factor Authentication' },
  sessions: { id: 'sessionsSection', label: "Where you're signed in" },
  assistants: { id: 'assistantsSection', label: 'Assistants' },
  policies: { id: 'policiesSection', label: 'Policies' },
  notifications: { id: 'notificationsSection', label: 'Notifications' },
  webResources: { id: 'webResourcesSection', label: 'Web Resources' },
  webProfile: { id: 'webProfileSection', label: 'Web Profile' },
} as const;
export type SectionId = keyof typeof SECTIONS;

export const PROFILE_TEXT = {
  title: 'Profile',
  save: 'Save Changes',
  saving: 'Saving...',
  saved: 'Your changes have been saved.',
  // spec §5 "Profile save": the browser checks the new password with the reset page's rule before sending it.
  weakPassword: 'Update failed - password must be strong, please see guidelines above',
  passwordMismatch: "Update failed - the confirmed password doesn't match the new password",
  copied: 'Copied to clipboard',
  notCopied: 'Your browser did not allow copying: select the link and copy it.',
  copyLink: 'Copy Link',
  failed: 'Failed',
} as const;

// spec coach-shell §5 "Web profile field limits"; the other details as the contract limits them.
export const LIMITS = {
  name: 100,
  surname: 100,
  email: 254,
  businessName: 250,
  phoneNumber: 54,
  postalAddress: 1000,
  vatNumber: 100,
  companyRegNumber: 100,
  webEmail: 254,
  webPhoneNumber: 54,
  country: 254,
  city: 254,
  website: 254,
  languages: 254,
  longText: 1000,
  /** spec §5, §9: the comma-joined extra recipients. */
  recipients: 300,
  password: 200,
} as const;
