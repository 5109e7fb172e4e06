// The BFF contract (openapi/bff.yaml, bundled) as the app reads it: parsed and walked once per process, and
// what the router takes of it (the request side, the streamed media types, the request bodies, which
// operations need the session). plugins/app/openapi-routes.ts registers the routes from these.
import { BFF_CONTRACT_JSON_FILE, deref, type JsonObject, listOperations, loadJson, type Operation } from '../../../contract/operations.ts';
import { PUBLIC_OPERATIONS } from '../../operation.ts';

let contract: JsonObject | undefined;
let contractOperations: Operation[] | undefined;

/**
 * The bundled contract, parsed once per process (13k lines: every test server would re-read it), from its JSON copy
 * (`npm run gen`): parsing the YAML left ≈ 28 MB of garbage in the old generation and the 1.3 MB text held by the
 * strings sliced from it, ≈ 20 MB of RSS for the process's life (docs/benchmarks.md, "The BFF at rest").
 */
export function bffContract(): JsonObject {
  contract ??= loadJson(BFF_CONTRACT_JSON_FILE);
  return contract;
}

/** The contract's operations (contract/operations.ts), walked once per process. */
export function bffOperations(): readonly Operation[] {
  contractOperations ??= listOperations(bffContract());
  return contractOperations;
}

const JSON_MEDIA_TYPE = 'application/json';

/**
 * What the router needs of the contract: the request side. Responses keep only their descriptions:
 * they are checked by the tests (test-support/contract.ts), and a serializer built from them would
 * silently drop any field the contract does not list. (The glue also treats every response media type
 * as a body it must parse, and warns for each.)
 */
export function routingContract(spec: JsonObject, operations: readonly Operation[]): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const { path, method, operation } of operations) {
    const responses = Object.fromEntries(
      Object.entries((operation.responses ?? {}) as Record<string, JsonObject>).map(([status, response]) => [
        status,
        { description: response.description ?? '' },
      ]),
    );
    const item = paths[path] ?? { ...(deref(spec, (spec.paths as JsonObject)[path]) as JsonObject) };
    paths[path] = { ...item, [method]: { ...operation, responses } };
  }
  return { ...spec, paths };
}

/** The media types of the contract's request bodies other than JSON (uploads: multipart/form-data). */
export function streamedMediaTypes(operations: readonly Operation[]): string[] {
  const types = new Set<string>();
  for (const { requestBody } of operations) {
    for (const type of Object.keys((requestBody?.content ?? {}) as JsonObject)) if (type !== JSON_MEDIA_TYPE) types.add(type);
  }
  return [...types];
}

/** Operations whose security asks for the session cookie (and offers no anonymous alternative). */
export function sessionOperations(operations: readonly Operation[]): Set<string> {
  return new Set(
    operations
      .filter(({ security }) => security.length > 0 && security.every((requirement) => 'session' in requirement))
      .map(({ operationId }) => operationId),
  );
}

/**
 * The types give public operations a nullable session and every other one a session: the operations where
 * PUBLIC_OPERATIONS and the contract's security disagree (none, or the app refuses to start).
 */
export function publicOperationsDisagreeing(operations: readonly Operation[]): string[] {
  const secured = sessionOperations(operations);
  const publicInCode = new Set<string>(PUBLIC_OPERATIONS);
  return operations
    .map(({ operationId }) => operationId)
    .filter((operationId) => secured.has(operationId) === publicInCode.has(operationId));
}

export interface RequestBody {
  /** The media types the contract declares for the body. */
  types: ReadonlySet<string>;
  required: boolean;
}

/** Each operation's request body as the contract declares it (operations without one are absent). */
export function requestBodies(operations: readonly Operation[]): Map<string, RequestBody> {
  const bodies = new Map<string, RequestBody>();
  for (const { operationId, requestBody } of operations) {
    if (!requestBody) continue;
    bodies.set(operationId, {
      types: new Set(Object.keys((requestBody.content ?? {}) as JsonObject)),
      required: requestBody.required === true,
    });
  }
  return bodies;
}
