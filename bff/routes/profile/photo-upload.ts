// Reading the profile photo out of a multipart upload while it streams in (spec coach-shell §5 "Profile photo"):
// a body that says it is larger than the limit is refused before a byte is read; otherwise the `photo` part
// is read chunk by chunk and refused as soon as its first bytes are not a JPEG or PNG, or as soon as it passes
// 8 MB, without reading the rest of the body. An accepted photo (at most 8 MB) is kept whole, so the legacy
// call starts only once the browser has sent it: a slow upload never holds a legacy connection or runs out
// the legacy call's timeout.
import type { Readable } from 'node:stream';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { type ProblemError, problem } from '../../problem.ts';

/** spec coach-shell §5, §9; the contract's `maxLength`: at most 8 MB. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** What a multipart body may carry besides the photo (boundaries, part headers, a file name). */
const MULTIPART_ALLOWANCE = 16 * 1024;

export const PHOTO_MESSAGES = {
  tooLarge: 'Please ensure that your profile photo is less than 8MB.',
  typeNotAllowed: 'Only jpg/jpeg and png files are allowed!',
} as const;

export type PhotoType = 'image/jpeg' | 'image/png';
export interface Photo {
  bytes: Buffer<ArrayBuffer>;
  type: PhotoType;
}

// The answer closes the connection: what the browser still sends is not read.
const CLOSE = { connection: 'close' };
export const photoTooLarge = (): ProblemError => problem(400, 'photo_too_large', PHOTO_MESSAGES.tooLarge, 'Failed', {}, CLOSE);
export const photoTypeNotAllowed = (): ProblemError =>
  problem(400, 'photo_type_not_allowed', PHOTO_MESSAGES.typeNotAllowed, 'Failed', {}, CLOSE);
const notAnUpload = (message: string): ProblemError =>
  problem(400, 'validation_failed', 'The request is not valid.', 'Failed', { errors: [{ field: 'photo', message }] }, CLOSE);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
/** Bytes needed to tell the type. */
const SNIFF_BYTES = PNG.length;

/** The picture's type from its first bytes, whatever its name says. */
export function sniffPhotoType(head: Buffer): PhotoType | null {
  if (head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

const ALLOWED_NAME = /\.(jpe?g|png)$/i;

export interface UploadHeaders {
  'content-type'?: string | undefined;
  'content-length'?: string | undefined;
}

/** Reads the `photo` part of the upload; rejects with the spec's problem as soon as the body breaks a rule. */
export function readPhotoUpload(body: Readable, headers: UploadHeaders): Promise<Photo> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > PHOTO_MAX_BYTES + MULTIPART_ALLOWANCE) return Promise.reject(photoTooLarge());
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': headers['content-type'] ?? '' },
      // One more byte than allowed marks the file as too large.
      limits: { files: 1, fields: 0, parts: 4, headerPairs: 16, fileSize: PHOTO_MAX_BYTES },
    });
  } catch {
    return Promise.reject(notAnUpload('is not multipart/form-data with a boundary'));
  }
  return new Promise<Photo>((resolve, reject) => {
    let settled = false;
    let photo: Photo | undefined;
    const stop = (error: ProblemError) => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      body.pause();
      parser.removeAllListeners('file');
      reject(error);
    };

    const readFile = (file: BusboyFileStream, filename: string) => {
      if (!ALLOWED_NAME.test(filename)) {
        file.resume();
        stop(photoTypeNotAllowed());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let type: PhotoType | null | undefined;
      file.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (type === undefined && size >= SNIFF_BYTES) {
          type = sniffPhotoType(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
          if (!type) stop(photoTypeNotAllowed());
        }
      });
      file.on('limit', () => stop(photoTooLarge()));
      file.on('end', () => {
        if (settled) return;
        if (file.truncated) return stop(photoTooLarge());
        const bytes = Buffer.concat(chunks, size);
        const sniffed = type ?? sniffPhotoType(bytes);
        if (!sniffed) return stop(photoTypeNotAllowed());
        photo = { bytes, type: sniffed };
      });
    };

    parser.on('file', (field, file, filename) => {
      if (field !== 'photo' || photo || settled) {
        file.resume();
        return;
      }
      readFile(file, filename);
    });
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      if (photo) resolve(photo);
      else reject(notAnUpload('is required'));
    });
    parser.on('error', () => stop(notAnUpload('is not a readable multipart body')));
    body.on('error', () => stop(notAnUpload('was not received whole')));
    body.pipe(parser);
  });
}

/** The legacy form's file part: the sniffed type and a name of the BFF's making (never the browser's). */
export function photoBlob(photo: Photo): { blob: Blob; fileName: string } {
  return {
    blob: new Blob([photo.bytes], { type: photo.type }),
    fileName: photo.type === 'image/png' ? 'profile-photo.png' : 'profile-photo.jpg',
  };
}
