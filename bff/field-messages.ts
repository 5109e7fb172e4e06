// Input the contract refuses, in the user's words: the field named as the user knows it (its `title` in the
// contract, else its name in words), never a schema path or a regular expression. A free-text field holding a
// character its rule refuses (SingleLineText, MultiLineText, EmailText: control characters, text-direction
// overrides; openapi/CONVENTIONS.md "Free text") answers one sentence, the problem's `detail`, that a form
// shows in its alert: "The team name contains characters that are not allowed."

/** A validation failure as Ajv reports it. */
export interface SchemaFailure {
  keyword?: string | undefined;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string | undefined;
}

/** One entry of a problem's `errors`: the dotted field and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

type Schema = { [key: string]: unknown };

/** The detail of a refused request when no failure has a sentence of its own. */
export const INVALID_REQUEST = 'The request is not valid.';

export const charactersNotAllowed = (label: string): string => `The ${label} contains characters that are not allowed.`;

/** The dotted field a validation failure is about (a missing property counts as its own field), and whether it is absent. */
export function failedField(instancePath: string, params: Record<string, unknown>): { field: string; missing: boolean } {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : '';
  return { field: [path, missing].filter(Boolean).join('.'), missing: missing !== '' };
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `otherData` → "other data", `q` → "q". */
function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** "Team name" → "team name"; an acronym stays as written ("VAT number"). */
function inSentence(title: string): string {
  return /^[A-Z][A-Z]/.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1);
}

/** The schema of `key` inside `schema` (its properties, those of its `allOf` members, its map values, its items). */
function childOf(schema: Schema, key: string, resolve: (schema: Schema) => Schema): { schema: Schema; mapKey: boolean } | undefined {
  const own = resolve(schema);
  const properties = own.properties;
  if (isSchema(properties) && isSchema(properties[key])) return { schema: resolve(properties[key]), mapKey: false };
  for (const member of Array.isArray(own.allOf) ? own.allOf : []) {
    const found = isSchema(member) ? childOf(member, key, resolve) : undefined;
    if (found) return found;
  }
  if (/^\d+$/.test(key) && isSchema(own.items)) return { schema: resolve(own.items), mapKey: false };
  if (isSchema(own.additionalProperties)) return { schema: resolve(own.additionalProperties), mapKey: true };
  return undefined;
}

/**
 * The words a dotted field is named by: the `title` of its schema, else the title or name of the nearest field
 * that has one (an array's items are named by the array), a map's entry by its key, in words.
 */
export function fieldLabel(schema: Schema | undefined, field: string, resolve: (schema: Schema) => Schema = (s) => s): string {
  const keys = field.split('.').filter(Boolean);
  let label = 'request';
  let current = schema;
  for (const key of keys) {
    const child = current ? childOf(current, key, resolve) : undefined;
    const title = typeof child?.schema.title === 'string' ? child.schema.title : undefined;
    if (title) label = inSentence(title);
    else if (child?.mapKey || !/^\d+$/.test(key)) label = words(key);
    current = child?.schema;
  }
  return label;
}

export interface FailureContext {
  /** The schema the failures were found in (the route's body or query schema): where the fields' titles are. */
  schema?: Schema | undefined;
  /** Resolves a `$ref` in that schema (the routes' schemas come resolved; a component of the bundle does not). */
  resolve?: ((schema: Schema) => Schema) | undefined;
  /** The patterns of the contract's text rules: a failure of one of them is characters that are not allowed. */
  textPatterns: ReadonlySet<string>;
  /** Where the input was (`body`, `querystring`…): the field of a failure about the whole of it. */
  where?: string | undefined;
}

function messageOf(failure: SchemaFailure, label: string, context: FailureContext): string {
  if (failure.keyword === 'pattern') {
    return context.textPatterns.has(String(failure.params.pattern)) ? charactersNotAllowed(label) : 'is not in the expected form';
  }
  return failure.message ?? 'is not valid';
}

/** A refused request's `detail` and `errors`: the first free-text refusal's sentence is the detail a form shows. */
export function describeFailures(failures: readonly SchemaFailure[], context: FailureContext): { detail: string; errors: FieldError[] } {
  const errors = failures.map((failure) => {
    const field = failedField(failure.instancePath, failure.params).field;
    return {
      field: field || context.where || 'request',
      message: messageOf(failure, fieldLabel(context.schema, field, context.resolve), context),
    };
  });
  const sentence = failures.findIndex(
    (failure) => failure.keyword === 'pattern' && context.textPatterns.has(String(failure.params.pattern)),
  );
  return { detail: errors[sentence]?.message ?? INVALID_REQUEST, errors };
}
