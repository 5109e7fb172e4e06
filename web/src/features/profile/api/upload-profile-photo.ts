import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { profileQueryOptions } from './get-profile.ts';

/**
 * uploadProfilePhoto: the photo picked, sent as multipart with Save Changes; the profile is read again for the new
 * `photoUrl`. (getProfilePhoto needs no hook: the `<img>` reads the profile's `photoUrl` itself.)
 */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/api/profile/photo', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}

/** The call's body: the file as the `photo` part (the browser sets the multipart boundary). */
export const photoUpload = (photo: File) => ({
  // The contract types a binary part as a string; the serializer below sends the File itself.
  body: { photo: photo as unknown as string },
  bodySerializer: () => {
    const form = new FormData();
    form.append('photo', photo, photo.name);
    return form;
  },
});
