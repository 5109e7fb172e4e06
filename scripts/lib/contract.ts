// Reads a bundled OpenAPI 3.1 document and validates its examples against its own schemas.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  pointer: string;
  operation: JsonObject;
  parameters: JsonObject[];
}

export function loadYaml(file: string): JsonObject {
  return parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as JsonObject;
}

/** Bundles a split contract (root file) into one document with the Redocly CLI. */
export function bundleToTemp(root: string): string {
  const out = join(mkdtempSync(join(tmpdir(), 'bundle-')), 'bundle.yaml');
  execFileSync('npx', ['redocly', 'bundle', root, '-o', out], { stdio: 'pipe' });
  return out;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (one level at a time) inside the document. */
export function deref(doc: JsonObject, value: Json | undefined): Json | undefined {
  let current = value;
  while (isObject(current) && typeof current.$ref === 'string') {
    current = resolvePointer(doc, current.$ref);
  }
  return current;
}

export function resolvePointer(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported in a bundle: ${ref}`);
  let node: Json | undefined = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  }
  return node;
}

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function listOperations(doc: JsonObject): Operation[] {
  const operations: Operation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const byKey = new Map<string, JsonObject>();
      for (const p of [...shared, ...own]) {
        const param = deref(doc, p);
        if (isObject(param)) byKey.set(`${param.in}:${param.name}`, param);
      }
      operations.push({
        method,
        path,
        operationId: String(operation.operationId ?? `${method} ${path}`),
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        operation,
        parameters: [...byKey.values()],
      });
    }
  }
  return operations;
}

export function createValidator(doc: JsonObject): (schema: Json, data: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'contract');
  const cache = new Map<string, ValidateFunction>();
  return (schema, data) => {
    let validate: ValidateFunction | undefined;
    if (isObject(schema) && typeof schema.$ref === 'string' && Object.keys(schema).length === 1) {
      const ref = `contract${schema.$ref}`;
      validate = cache.get(ref) ?? ajv.getSchema(ref);
      if (validate) cache.set(ref, validate);
    }
    validate ??= ajv.compile(rewriteRefs(schema) as object);
    return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };
}

/** Inline schemas (not behind a single $ref) are compiled with their local refs pointed at the document. */
function rewriteRefs(value: Json): JsonObject {
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const copy: JsonObject = {};
    for (const [k, v] of Object.entries(node))
      copy[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `contract${v}` : walk(v);
    return copy;
  };
  const rewritten = walk(value);
  const { $ref: _drop, ...rest } = isObject(rewritten) ? rewritten : {};
  return isObject(rewritten) && typeof rewritten.$ref === 'string' ? { allOf: [{ $ref: rewritten.$ref }], ...rest } : rest;
}

export interface ExampleProblem {
  where: string;
  message: string;
}

function mediaExamples(doc: JsonObject, media: JsonObject): Array<[string, Json]> {
  const found: Array<[string, Json]> = [];
  if ('example' in media) found.push(['example', media.example as Json]);
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const ex = deref(doc, raw);
      if (isObject(ex) && 'value' in ex) found.push([`examples.${name}`, ex.value as Json]);
    }
  }
  return found;
}

const isBinary = (schema: Json | undefined) => isObject(schema) && schema.type === 'string' && schema.format === 'binary';

/** Validates every parameter, request and response example of every operation; reports what is missing too. */
export function checkExamples(doc: JsonObject): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  const validate = createValidator(doc);
  for (const op of listOperations(doc)) {
    const at = `${op.method.toUpperCase()} ${op.path}`;
    for (const param of op.parameters) {
      const where = `${at} parameter ${param.in}:${param.name}`;
      if (!('example' in param)) problems.push({ where, message: 'has no example' });
      else for (const m of validate(param.schema ?? {}, param.example)) problems.push({ where, message: m });
    }
    const body = deref(doc, op.operation.requestBody);
    if (isObject(body) && isObject(body.content)) {
      for (const [type, media] of Object.entries(body.content)) {
        if (!isObject(media)) continue;
        const examples = mediaExamples(doc, media);
        const where = `${at} request ${type}`;
        if (examples.length === 0) problems.push({ where, message: 'has no example' });
        if (type.startsWith('multipart/')) continue; // parts with binary files cannot be written as JSON examples
        for (const [name, value] of examples)
          for (const m of validate(media.schema ?? {}, value)) problems.push({ where: `${where} ${name}`, message: m });
      }
    }
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    for (const [status, raw] of Object.entries(responses)) {
      const response = deref(doc, raw);
      if (!isObject(response) || !isObject(response.content)) continue;
      for (const [type, media] of Object.entries(response.content)) {
        if (!isObject(media)) continue;
        const examples = mediaExamples(doc, media);
        const where = `${at} ${status} ${type}`;
        if (examples.length === 0) problems.push({ where, message: 'has no example' });
        if (isBinary(deref(doc, media.schema))) continue;
        for (const [name, value] of examples)
          for (const m of validate(media.schema ?? {}, value)) problems.push({ where: `${where} ${name}`, message: m });
      }
    }
  }
  return problems;
}
