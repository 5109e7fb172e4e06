// Where the browser reads the coach's profile photo (getProfilePhoto): the BFF's path with a version that changes
// with the legacy photo address, so a new photo is never an old cached one. Shared by the Profile and the
// Session (the drawer's avatar).
import { createHash } from 'node:crypto';

const photoVersion = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 12);

/** The photo's address for the browser, or null when the coach has none. */
export const profilePhotoUrl = (profileImage: string | null | undefined): string | null =>
  profileImage ? `/api/profile/photo?v=${photoVersion(profileImage)}` : null;
