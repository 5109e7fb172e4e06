// The profile photo upload (spec coach-shell §5 "Profile photo"), read while it streams in by
// bff/uploads/multipart-file.ts: the `photo` part must be a JPEG or PNG (by its first bytes) of at most 8 MB; then
// its header must give its width and height (image-size), within the bounds of a profile photo.
import type { Readable } from 'node:stream';
import { imageSize } from 'image-size';
import { type ProblemError, problem } from '../../problem.ts';
import { type FileUploadRules, readMultipartFile, type UploadedFile, type UploadHeaders } from '../../uploads/multipart-file.ts';

/** spec coach-shell §5, §9; the contract's `maxLength`: at most 8 MB. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The picture's bounds (docs/decisions/016-uploads-bounded-by-what-they-unpack-to.md): a few bytes of header can
 * claim 60,000 × 60,000 pixels, which whoever decodes the picture (the legacy API, the browser) would need 14 GB
 * to hold. A profile photo is shown at 128 pixels; 8,000 a side and 40 megapixels in all take any camera's photo
 * as it comes (a 40-megapixel picture decodes to 160 MB).
 */
export const PHOTO_MAX_SIDE = 8000;
export const PHOTO_MAX_PIXELS = 40_000_000;
/** What a multipart body may carry besides the photo (boundaries, part headers, a file name). */
const MULTIPART_ALLOWANCE = 16 * 1024;

export const PHOTO_MESSAGES = {
  tooLarge: 'Please ensure that your profile photo is less than 8MB.',
  typeNotAllowed: 'Only jpg/jpeg and png files are allowed!',
  /** The BFF's message. */
  dimensionsTooLarge: (width: number, height: number) =>
    `The photo is ${width} × ${height} pixels; it may be at most ${PHOTO_MAX_SIDE} pixels on a side and ${PHOTO_MAX_PIXELS / 1_000_000} megapixels in all.`,
} as const;

export type PhotoType = 'image/jpeg' | 'image/png';
export type Photo = UploadedFile<PhotoType>;

// The answer closes the connection: what the browser still sends is not read.
const CLOSE = { connection: 'close' };
export const photoTooLarge = (): ProblemError => problem(400, 'photo_too_large', PHOTO_MESSAGES.tooLarge, 'Failed', {}, CLOSE);
export const photoTypeNotAllowed = (): ProblemError =>
  problem(400, 'photo_type_not_allowed', PHOTO_MESSAGES.typeNotAllowed, 'Failed', {}, CLOSE);
export const photoDimensionsTooLarge = (width: number, height: number): ProblemError =>
  problem(400, 'photo_dimensions_too_large', PHOTO_MESSAGES.dimensionsTooLarge(width, height), 'Failed', {}, CLOSE);
const notAnUpload = (message: string): ProblemError =>
  problem(400, 'validation_failed', 'The request is not valid.', 'Failed', { errors: [{ field: 'photo', message }] }, CLOSE);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The picture's type from its first bytes, whatever its name says. */
export function sniffPhotoType(head: Buffer): PhotoType | null {
  if (head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

const ALLOWED_NAME = /\.(jpe?g|png)$/i;

const PHOTO_RULES: FileUploadRules<PhotoType> = {
  fileField: 'photo',
  maxBytes: PHOTO_MAX_BYTES,
  multipartAllowance: MULTIPART_ALLOWANCE,
  fileName: ALLOWED_NAME,
  sniffBytes: PNG.length,
  sniff: sniffPhotoType,
  tooLarge: photoTooLarge,
  typeNotAllowed: photoTypeNotAllowed,
  invalid: (_field, message) => notAnUpload(message),
};

/** Reads the `photo` part of the upload; rejects with the spec's problem as soon as the body breaks a rule. */
export async function readPhotoUpload(body: Readable, headers: UploadHeaders): Promise<Photo> {
  const { file } = await readMultipartFile(body, headers, PHOTO_RULES);
  if (!file) throw notAnUpload('is required');
  checkDimensions(file);
  return file;
}

/** image-size's names of the two types. */
const SIZE_TYPES: Record<PhotoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/**
 * The width and height the picture's header gives, within the bounds; a picture whose header gives none (a PNG or
 * JPEG signature followed by anything else) is not a JPEG or PNG.
 */
function checkDimensions(photo: Photo): void {
  let size: { width: number; height: number; type?: string | undefined };
  try {
    size = imageSize(photo.bytes);
  } catch {
    throw photoTypeNotAllowed();
  }
  const { width, height } = size;
  if (size.type !== SIZE_TYPES[photo.type] || !(width > 0 && height > 0)) throw photoTypeNotAllowed();
  if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height > PHOTO_MAX_PIXELS) throw photoDimensionsTooLarge(width, height);
}

/** The legacy form's file part: the sniffed type and a name of the BFF's making (never the browser's). */
export function photoBlob(photo: Photo): { blob: Blob; fileName: string } {
  return {
    blob: new Blob([photo.bytes], { type: photo.type }),
    fileName: photo.type === 'image/png' ? 'profile-photo.png' : 'profile-photo.jpg',
  };
}
