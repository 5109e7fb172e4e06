// Clean file names for every download the BFF serves: a `Content-Disposition` with an ASCII `filename`
// every browser understands plus the exact name in RFC 5987/6266 `filename*`, and safe names inside zips.

/** The contract bounds the header (`Content-Disposition` maxLength 300). */
const MAX_HEADER_LENGTH = 300;
const FALLBACK_NAME = 'download';

/**
 * A file name with nothing that could act as a path or break a header: no separators, control characters,
 * quotes or reserved characters, no leading dots, whitespace collapsed. Unicode letters stay.
 */
export function safeFileName(name: string, fallback = FALLBACK_NAME): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  return cleaned || fallback;
}

/** `attachment; filename="Kovacs Bence.pdf"; filename*=UTF-8''Kov%C3%A1cs%20Bence.pdf` (the star part only when it differs). */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  let name = safeFileName(fileName);
  let header = build(type, name);
  // Shorten the base name (never the extension) until the header fits.
  while (header.length > MAX_HEADER_LENGTH) {
    const { base, extension } = splitExtension(name);
    const shorter = Array.from(base).slice(0, -1).join('').trimEnd();
    name = shorter ? `${shorter}${extension}` : `${FALLBACK_NAME}${extension}`;
    if (!shorter) return build(type, name);
    header = build(type, name);
  }
  return header;
}

/** The name with accents dropped and anything else outside printable ASCII replaced by `_`. */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return ascii.replace(/_+/g, '_');
}

/** `name.pdf`, then `name (2).pdf`, `name (3).pdf`…: entry names unique within one archive (case-insensitively). */
export function uniqueFileName(name: string, taken: Set<string>): string {
  const { base, extension } = splitExtension(name);
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) candidate = `${base} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function build(type: string, name: string): string {
  const ascii = asciiFileName(name);
  const header = `${type}; filename="${ascii}"`;
  return ascii === name ? header : `${header}; filename*=UTF-8''${encodeRfc5987(name)}`;
}

// encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

function splitExtension(name: string): { base: string; extension: string } {
  const match = /^(.+?)(\.[A-Za-z0-9]{1,8})$/.exec(name);
  return match ? { base: match[1] ?? name, extension: match[2] ?? '' } : { base: name, extension: '' };
}

/** The file name an upstream `Content-Disposition` suggests (`filename*` preferred), or undefined. */
export function fileNameFromDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)'[^']*'([^;\s]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return value || undefined;
}
