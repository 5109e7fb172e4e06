// Reads an OpenAPI 3.1 document (bundled: only local `$ref`s) and walks it once into its operations: the
// one list the BFF's routes, its tests, the sandbox's checks and the scripts all read the contracts through.
// Imports nothing of bff/, sandbox/ or scripts/ (they all stand above it); only `yaml` at run time.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface Operation {
  /** Lower case, as the document writes it (`get`, `post`…). */
  method: (typeof HTTP_METHODS)[number];
  /** The path template (`/api/teams/{teamId}`). */
  path: string;
  operationId: string;
  /** Where it stands in the document (`#/paths/~1api~1teams/get`). */
  pointer: string;
  /** The operation object itself, its `$ref`s unresolved. */
  operation: JsonObject;
  /** The path's and the operation's parameters, resolved (the operation's win, by `in` and `name`). */
  parameters: JsonObject[];
  /** The request body, resolved; absent without one. */
  requestBody: JsonObject | undefined;
  /** The operation's security requirements, else the document's (an empty list: public). */
  security: JsonObject[];
}

/** The repository's two contracts: the BFF's (the browser's API) and the legacy API's. */
export const BFF_CONTRACT_FILE = new URL('../openapi/bff.yaml', import.meta.url);
export const LEGACY_CONTRACT_FILE = new URL('../openapi/legacy.yaml', import.meta.url);
/** The BFF's bundle as JSON, written beside the types by `npm run gen`: what the BFF reads at start. */
export const BFF_CONTRACT_JSON_FILE = new URL('../generated/bff-contract.json', import.meta.url);

export function loadYaml(file: string | URL): JsonObject {
  return parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as JsonObject;
}

export function loadJson(file: string | URL): JsonObject {
  return JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
}

export function isObject(value: Json | undefined): value is JsonObject {
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

/** Every operation of the document, in the order of its paths and of HTTP_METHODS. */
export function listOperations(doc: JsonObject): Operation[] {
  const operations: Operation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  const documentSecurity = Array.isArray(doc.security) ? doc.security.filter(isObject) : [];
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
      const requestBody = deref(doc, operation.requestBody);
      operations.push({
        method,
        path,
        operationId: String(operation.operationId ?? `${method} ${path}`),
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        operation,
        parameters: [...byKey.values()],
        requestBody: isObject(requestBody) ? requestBody : undefined,
        security: Array.isArray(operation.security) ? operation.security.filter(isObject) : documentSecurity,
      });
    }
  }
  return operations;
}
