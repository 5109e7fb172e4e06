// The profile photo (spec coach-shell §2.12, §3 "profile image", §5 "Profile photo", §7): read from the legacy
// API and streamed to the browser; replaced through the legacy profile form, the photo read from the upload
// by photo-upload.ts (type and size checked while it streams in, then its width and height from its header).
import type { Readable } from 'node:stream';
import { contentDisposition } from '../../downloads/content-disposition.ts';
import { fileAnswer, type OperationHandler } from '../../operation.ts';
import { notFound, problem, upstreamError } from '../../problem.ts';
import { ROLE_REFUSED_DETAIL } from '../../roles.ts';
import { photoBlob, readPhotoUpload } from './photo-upload.ts';
import { asProfileUpdate, profileForm, readCoach, saveProfileForm } from './profile-service.ts';

const PHOTO_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png']);

/** getProfilePhoto: the legacy photo as it arrives, under its own image type; no photo is 404. */
export const getProfilePhoto: OperationHandler<'getProfilePhoto'> = async (_input, ctx) => {
  const { data, response } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/profilePhoto', {
    params: { path: { coachId: ctx.session.coachId } },
    parseAs: 'stream',
    signal: ctx.signal,
  });
  if (!data) {
    // The legacy API refuses the read (400) when the coach has no photo.
    if (response.status === 400 || response.status === 404) throw notFound();
    throw upstreamError();
  }
  const type = (response.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!PHOTO_TYPES.has(type)) {
    data.destroy();
    ctx.log.error({ contentType: type }, 'the legacy profile photo is not a JPEG or PNG');
    throw upstreamError();
  }
  return fileAnswer(data, type, contentDisposition(type === 'image/png' ? 'profile-photo.png' : 'profile-photo.jpg', 'inline'));
};

/**
 * uploadProfilePhoto: the photo first (the whole upload received and checked), then the coach's record, then the
 * legacy form with every field as it is and the image; the answer points at the new photo.
 */
export const uploadProfilePhoto: OperationHandler<'uploadProfilePhoto'> = async (input, ctx) => {
  // spec §2.12, §6: the Details section (and its photo) is hidden for an assistant. roles.ts refuses the
  // operation first; this keeps the rule where the photo is saved.
  if (ctx.session.flags.assisted) throw problem(403, 'role_refused', ROLE_REFUSED_DETAIL);
  // A multipart body reaches the handler as the request stream (plugins/app/openapi-routes.ts).
  const body = (input as unknown as { body: Readable }).body;
  const photo = await readPhotoUpload(body, ctx.headers);
  return asProfileUpdate(async () => {
    const form = profileForm(await readCoach(ctx));
    const { blob, fileName } = photoBlob(photo);
    form.append('image', blob, fileName);
    await saveProfileForm(ctx, form);
    return { photoUrl: `/api/profile/photo?v=${Date.now()}` };
  });
};
