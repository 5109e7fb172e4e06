// What a ZIP container (an .xlsx workbook) unpacks to, read from its central directory with yauzl and checked
// against bounds before the file goes anywhere: the entry count, the total of the entries' uncompressed sizes, and
// each entry's compression ratio. Nothing is inflated: a zip bomb is refused for what it says it holds, at the cost
// of reading one directory record per entry. The sizes are the ones the archive declares (the reader downstream
// trusts them the same way); docs/decisions/016-uploads-bounded-by-what-they-unpack-to.md says why that is enough
// here and what it leaves out.
import { fromBufferPromise } from 'yauzl';

export interface ZipBounds {
  /** Entries the directory may list (folders included). */
  maxEntries: number;
  /** The sum of the entries' uncompressed sizes. */
  maxUnpackedBytes: number;
  /** How many times its compressed size an entry may unpack to… */
  maxRatio: number;
  /** …once it unpacks to more than this (a small entry of a highly repetitive text may be packed very tightly). */
  ratioGraceBytes: number;
}

export type ZipVerdict =
  | { ok: true; entries: number; unpackedBytes: number }
  /** Not a ZIP container yauzl can read: no end-of-directory record, a cut-off directory, an unsafe entry name. */
  | { ok: false; broken: 'unreadable' }
  | { ok: false; broken: 'entries'; entries: number }
  /** `unpackedBytes` is the total up to the entry that passed the bound (the directory is not read further). */
  | { ok: false; broken: 'unpackedBytes'; unpackedBytes: number }
  | { ok: false; broken: 'ratio'; entry: string; ratio: number };

/** Reads the archive's directory (never its contents) and says whether it stays within the bounds. */
export async function checkZipBounds(bytes: Buffer, bounds: ZipBounds): Promise<ZipVerdict> {
  let zip: Awaited<ReturnType<typeof fromBufferPromise>>;
  try {
    zip = await fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
  } catch {
    return { ok: false, broken: 'unreadable' };
  }
  // The end-of-directory record declares the count: a directory of a million entries is refused before one is read.
  if (zip.entryCount > bounds.maxEntries) {
    zip.close();
    return { ok: false, broken: 'entries', entries: zip.entryCount };
  }
  let unpackedBytes = 0;
  try {
    // Leaving the loop early closes the archive (yauzl's autoClose).
    for await (const entry of zip.eachEntry()) {
      unpackedBytes += entry.uncompressedSize;
      if (unpackedBytes > bounds.maxUnpackedBytes) return { ok: false, broken: 'unpackedBytes', unpackedBytes };
      if (entry.uncompressedSize > bounds.ratioGraceBytes) {
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (ratio > bounds.maxRatio) return { ok: false, broken: 'ratio', entry: entry.fileName, ratio };
      }
    }
  } catch {
    return { ok: false, broken: 'unreadable' };
  }
  return { ok: true, entries: zip.entryCount, unpackedBytes };
}
