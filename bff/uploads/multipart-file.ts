// Reading one file out of a multipart upload while it streams in (the Bulk Add spreadsheet, the profile photo): a
// body that says it is larger than the limit is refused before a byte is read; the file part is refused as soon
// as its name or first bytes are not of an allowed type, or as soon as it passes the size limit, without reading
// the rest of the body. An accepted file is kept whole (it is small), so the legacy call starts only once the
// browser has sent it: a slow upload never holds a legacy connection or runs out the legacy call's timeout.
import type { Readable } from 'node:stream';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { ProblemError } from '../problem.ts';

export interface UploadHeaders {
  'content-type'?: string | undefined;
  'content-length'?: string | undefined;
}

/** What one upload accepts, and the problems it answers when a rule is broken. */
export interface FileUploadRules<Type extends string> {
  /** The form field that carries the file. */
  fileField: string;
  maxBytes: number;
  /** What the body may carry besides the file (boundaries, part headers, the other fields). */
  multipartAllowance: number;
  /** The file names allowed (by extension). */
  fileName: RegExp;
  /** Bytes needed to tell the type. */
  sniffBytes: number;
  /** The file's type from its first bytes, whatever its name says; null when it is none of the allowed. */
  sniff: (head: Buffer) => Type | null;
  /** The other fields of the form (none when absent), each at most `fieldMaxBytes` long. */
  fields?: ReadonlySet<string>;
  fieldMaxBytes?: number;
  tooLarge: () => ProblemError;
  typeNotAllowed: () => ProblemError;
  /** An empty file (else it is refused as not of an allowed type). */
  empty?: () => ProblemError;
  /** A body that is not a well-formed upload of this form. */
  invalid: (field: string, message: string) => ProblemError;
}

export interface UploadedFile<Type extends string> {
  bytes: Buffer<ArrayBuffer>;
  type: Type;
}

export interface MultipartUpload<Type extends string> {
  /** Undefined when the body had no file part. */
  file: UploadedFile<Type> | undefined;
  /** The other fields, each name with its values in order. */
  fields: Map<string, string[]>;
}

/** Reads the upload; rejects with the rules' problem as soon as the body breaks one. */
export function readMultipartFile<Type extends string>(
  body: Readable,
  headers: UploadHeaders,
  rules: FileUploadRules<Type>,
): Promise<MultipartUpload<Type>> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > rules.maxBytes + rules.multipartAllowance) return Promise.reject(rules.tooLarge());
  const allowedFields = rules.fields ?? new Set<string>();
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': headers['content-type'] ?? '' },
      limits: {
        files: 1,
        fields: allowedFields.size * 4,
        parts: allowedFields.size * 4 + 4,
        headerPairs: 16,
        fieldSize: rules.fieldMaxBytes ?? 1024,
        // One more byte than allowed marks the file as too large.
        fileSize: rules.maxBytes,
      },
    });
  } catch {
    return Promise.reject(rules.invalid('body', 'is not multipart/form-data with a boundary'));
  }
  return new Promise<MultipartUpload<Type>>((resolve, reject) => {
    let settled = false;
    let file: UploadedFile<Type> | undefined;
    const fields = new Map<string, string[]>();
    const stop = (error: ProblemError) => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      body.pause();
      parser.removeAllListeners('file');
      parser.removeAllListeners('field');
      reject(error);
    };

    const readFile = (stream: BusboyFileStream, filename: string) => {
      if (!rules.fileName.test(filename)) {
        stream.resume();
        stop(rules.typeNotAllowed());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let type: Type | null | undefined;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (type === undefined && size >= rules.sniffBytes) {
          type = rules.sniff(Buffer.concat(chunks).subarray(0, rules.sniffBytes));
          if (!type) stop(rules.typeNotAllowed());
        }
      });
      stream.on('limit', () => stop(rules.tooLarge()));
      stream.on('end', () => {
        if (settled) return;
        if (stream.truncated) return stop(rules.tooLarge());
        if (size === 0 && rules.empty) return stop(rules.empty());
        const bytes = Buffer.concat(chunks, size);
        const sniffed = type ?? rules.sniff(bytes);
        if (!sniffed) return stop(rules.typeNotAllowed());
        file = { bytes, type: sniffed };
      });
    };

    parser.on('file', (field, stream, filename) => {
      // A body that ends inside this part errors the part's stream (busboy: "Part terminated early"): without a
      // listener that error would be uncaught and end the process. The parser's own 'error' follows.
      stream.on('error', () => stop(rules.invalid('body', 'was cut off inside its file part')));
      if (settled) {
        stream.resume();
        return;
      }
      if (field !== rules.fileField || file) {
        stream.resume();
        stop(rules.invalid(field, field === rules.fileField ? 'must be one file' : 'is not a field of this form'));
        return;
      }
      readFile(stream, filename);
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (settled) return;
      if (!allowedFields.has(name)) return stop(rules.invalid(name, 'is not a field of this form'));
      if (valueTruncated) return stop(rules.invalid(name, 'is too long'));
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const)
      parser.on(event, () => stop(rules.invalid('body', 'has too many parts')));
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve({ file, fields });
    });
    parser.on('error', () => stop(rules.invalid('body', 'is not a readable multipart body')));
    body.on('error', () => stop(rules.invalid('body', 'was not received whole')));
    body.pipe(parser);
  });
}
