// uploadProfilePhoto against the stateful sandbox legacy API: the picture's width and height, read from its header,
// are bounded (at most 8,000 pixels a side and 40 megapixels). A header claiming more is refused with a sentence
// naming its size, and nothing is saved; a photo at the bounds is saved; a JPEG or PNG signature followed by a
// header that gives no size is not a JPEG or PNG. The pictures are headers of a few dozen bytes: a header is all the
// bound reads. Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE } from './photo-upload.ts';

// A 1 × 1 PNG; `png(width, height)` is the same picture whose header claims another size.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4870000000049454e44ae426082',
  'hex',
);
function png(width: number, height: number): Buffer {
  const picture = Buffer.from(PNG);
  // The IHDR chunk's width and height.
  picture.writeUInt32BE(width, 16);
  picture.writeUInt32BE(height, 20);
  return picture;
}
/** A JPEG whose start-of-frame segment gives `width` × `height`. */
function jpeg(width: number, height: number): Buffer {
  const frame = Buffer.from('ffc0001108000000000301220002110103110100', 'hex');
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    frame,
    Buffer.alloc(64, 1),
    Buffer.from('ffd9', 'hex'),
  ]);
}

let bff: SandboxBff;
let session: string;
beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 1 }));
});
afterAll(() => bff?.close());

const demoRecord = () => {
  const coach = bff.store.coaches.get(SEED_COACHES.demo.uuid);
  if (!coach) throw new Error('no demo coach');
  return coach;
};

async function upload(data: Buffer, filename: string) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)]), filename);
  const request = new Response(form);
  return injectChecked(bff.server, {
    method: 'PUT',
    url: '/api/profile/photo',
    headers: { ...CSRF, 'content-type': String(request.headers.get('content-type')) },
    cookies: { [SESSION_COOKIE]: session },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('uploadProfilePhoto: the picture’s width and height', () => {
  it('refuses a PNG whose header claims 60,000 × 60,000 pixels, with a sentence, and saves nothing', async () => {
    demoRecord().profilePhoto = null;
    const response = await upload(png(60_000, 60_000), 'huge.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'photo_dimensions_too_large',
      detail: 'The photo is 60000 × 60000 pixels; it may be at most 8000 pixels on a side and 40 megapixels in all.',
    });
    expect(demoRecord().profilePhoto).toBeNull();
  });

  it.each([
    ['a PNG one pixel too wide', 'wide.png', png(PHOTO_MAX_SIDE + 1, 1)],
    ['a PNG one pixel too tall', 'tall.png', png(1, PHOTO_MAX_SIDE + 1)],
    ['a PNG of 7,000 × 7,000 (49 megapixels)', 'square.png', png(7000, 7000)],
    ['a JPEG of 9,000 × 1,000', 'wide.jpg', jpeg(9000, 1000)],
    ['a JPEG of 65,535 × 65,535', 'huge.jpeg', jpeg(65_535, 65_535)],
  ])('refuses %s', async (_name, filename, data) => {
    demoRecord().profilePhoto = null;
    const response = await upload(data, filename);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('photo_dimensions_too_large');
    expect(response.json().detail).toMatch(
      /^The photo is \d+ × \d+ pixels; it may be at most 8000 pixels on a side and 40 megapixels in all\.$/,
    );
    expect(demoRecord().profilePhoto).toBeNull();
  });

  it.each([
    ['a PNG of 8,000 × 5,000 (40 megapixels)', 'bounds.png', 'image/png', png(PHOTO_MAX_SIDE, PHOTO_MAX_PIXELS / PHOTO_MAX_SIDE)],
    ['a JPEG of 5,000 × 8,000', 'bounds.jpg', 'image/jpeg', jpeg(5000, PHOTO_MAX_SIDE)],
    ['a 1 × 1 PNG', 'me.png', 'image/png', PNG],
  ])('saves %s', async (_name, filename, type, data) => {
    demoRecord().profilePhoto = null;
    const response = await upload(data, filename);
    expect(response.statusCode).toBe(200);
    expect(demoRecord().profilePhoto).toEqual({ contentType: type, data });
  });

  it.each([
    ['a PNG signature and no header', 'me.png', Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 7)])],
    [
      'a JPEG signature and no frame',
      'me.jpg',
      Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 1)]),
    ],
    ['a PNG that says it is 0 pixels wide', 'me.png', png(0, 10)],
  ])('refuses %s as not a JPEG or PNG', async (_name, filename, data) => {
    demoRecord().profilePhoto = null;
    const response = await upload(data, filename);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'photo_type_not_allowed', detail: 'Only jpg/jpeg and png files are allowed!' });
    expect(demoRecord().profilePhoto).toBeNull();
  });
});
