// Reads back the zips the BFF writes, for tests only: the central directory (names, sizes, CRCs) and, when
// the whole archive is at hand, each entry's bytes (stored or deflated).
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries listed in the central directory; `zip` may be only the archive's tail, `totalLength` its full length. */
export function readCentralDirectory(zip: Buffer, totalLength = zip.length): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || zip.readUInt32LE(eocd) !== EOCD) throw new Error('no end of central directory: not a complete zip');
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const offset = zip.readUInt32LE(eocd + 16);
  const tailStart = totalLength - zip.length;
  if (offset + size !== tailStart + eocd) throw new Error('central directory is not where the end record says');
  const entries: ZipEntry[] = [];
  let at = offset - tailStart;
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`bad central directory entry ${index}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      method: zip.readUInt16LE(at + 10),
      crc32: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Every entry's name and bytes, checked against its CRC. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readCentralDirectory(zip)) {
    const at = entry.localHeaderOffset;
    if (zip.readUInt32LE(at) !== LOCAL) throw new Error(`bad local header for ${entry.name}`);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const raw = zip.subarray(start, start + entry.compressedSize);
    const data = entry.method === 0 ? Buffer.from(raw) : inflateRawSync(raw);
    if (data.length !== entry.size) throw new Error(`size mismatch for ${entry.name}`);
    if (crc32(data) !== entry.crc32) throw new Error(`CRC mismatch for ${entry.name}`);
    files.set(entry.name, data);
  }
  return files;
}
