// Validates values against the schemas of an OpenAPI 3.1 document with Ajv (JSON Schema 2020-12): a schema
// that is a single `$ref` into the document is compiled once and kept; any other is compiled with its local
// refs pointed at the document. For tests and scripts (Ajv is a development dependency).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isObject, type Json, type JsonObject } from './operations.ts';

/** Every way `data` differs from `schema` (empty when it conforms), each as `<instance path> <message>`. */
export type Validate = (schema: Json, data: unknown) => string[];

export function createValidator(doc: JsonObject): Validate {
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
