// Input the contract refuses, in the user's words: one sentence per refused field, naming the field as the user
// knows it (its `title` in the contract, else its name in words), never a schema path, a keyword or a regular
// expression: "Please enter the name.", "The description can be at most 250 characters long.". A free-text field
// holding a character its rule refuses (SingleLineText, MultiLineText, EmailText: control characters,
// text-direction overrides; openapi/CONVENTIONS.md "Free text") says so: "The team name contains characters that
// are not allowed."; one holding an emoji, which the legacy API cannot keep (NoEmojis, part of SingleLineText and
// MultiLineText), gets the spec's sentence naming it (coach-shell §8): "The update failed. Please remove all emojis
// from the team name - the system does not currently allow for saving emojis."; where nothing is updated (a create,
// a registration, a message): "Please remove the emoji from the surname." The problem's `detail` (what a form
// shows in its alert) is such a sentence when there is one, else the first field's; each entry of `errors` carries
// its field's sentence, for the form to show at the field.

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

/**
 * An emoji in stored text, naming the field: a change of a kept record (PUT, PATCH) is told with spec coach-shell §8's
 * sentence (the profile's emoji refusal); where nothing is updated (a new team, a registration, a message) "The update
 * failed" would puzzle, so it asks for the emoji's removal alone.
 */
export const emojisNotAllowed = (label: string, updating = true): string =>
  updating
    ? `The update failed. Please remove all emojis from the ${label} - the system does not currently allow for saving emojis.`
    : `Please remove the emoji from the ${label}.`;

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
  /** The pattern of the contract's emoji rule (NoEmojis): a failure of it is the spec's emoji sentence. */
  emojiPatterns?: ReadonlySet<string> | undefined;
  /** Whether the request changes a kept record (PUT, PATCH; default): the emoji sentence says the update failed. */
  updating?: boolean | undefined;
  /** Where the input was (`body`, `querystring`…): the field of a failure about the whole of it. */
  where?: string | undefined;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The sentence a failure is told with (spec: none; the spec's own texts are the operations' `invalid` answers). */
function messageOf(failure: SchemaFailure, label: string, context: FailureContext): string {
  const { params } = failure;
  const limit = Number(params.limit);
  switch (failure.keyword) {
    case 'pattern':
      if (context.emojiPatterns?.has(String(params.pattern))) return emojisNotAllowed(label, context.updating ?? true);
      return context.textPatterns.has(String(params.pattern)) ? charactersNotAllowed(label) : `The ${label} is not in the expected form.`;
    case 'required':
      return `Please enter the ${label}.`;
    case 'minLength':
      return limit <= 1 ? `Please enter the ${label}.` : `The ${label} must be at least ${plural(limit, 'character', 'characters')} long.`;
    case 'maxLength':
      return `The ${label} can be at most ${plural(limit, 'character', 'characters')} long.`;
    case 'format':
      if (params.format === 'email')
        return /e-?mail|address/i.test(label) ? `Please enter a valid ${label}.` : `The ${label} must be an e-mail address.`;
      if (params.format === 'date') return `The ${label} must be a date (YYYY-MM-DD).`;
      return `The ${label} is not in the expected form.`;
    case 'minimum':
      return `The ${label} must be at least ${limit}.`;
    case 'exclusiveMinimum':
      return `The ${label} must be more than ${limit}.`;
    case 'maximum':
      return `The ${label} can be at most ${limit}.`;
    case 'exclusiveMaximum':
      return `The ${label} must be less than ${limit}.`;
    case 'minItems':
      return `The ${label} must hold at least ${plural(limit, 'entry', 'entries')}.`;
    case 'maxItems':
      return `The ${label} can hold at most ${plural(limit, 'entry', 'entries')}.`;
    case 'uniqueItems':
      return `The ${label} holds the same entry twice.`;
    case 'enum':
    case 'const':
      return `The ${label} is not one of the choices.`;
    case 'minProperties':
      return `The ${label} is empty.`;
    case 'additionalProperties':
      return `The ${label} has a field it does not take: ${words(String(params.additionalProperty ?? ''))}.`;
    default:
      return `The ${label} is not valid.`;
  }
}

/** Whether a failure is of a free-text rule (characters or emojis), whose sentence is the refusal's detail. */
const isTextRule = (failure: SchemaFailure, context: FailureContext): boolean =>
  failure.keyword === 'pattern' &&
  (context.textPatterns.has(String(failure.params.pattern)) || context.emojiPatterns?.has(String(failure.params.pattern)) === true);

/** A refused request's `detail` and `errors`, each a sentence: the free-text refusal's, else the first field's, is the detail. */
export function describeFailures(failures: readonly SchemaFailure[], context: FailureContext): { detail: string; errors: FieldError[] } {
  const errors = failures.map((failure) => {
    const field = failedField(failure.instancePath, failure.params).field;
    // A failure about the whole part (a body that is not an object) names the request.
    return {
      field: field || context.where || 'request',
      message: messageOf(failure, fieldLabel(context.schema, field, context.resolve), context),
    };
  });
  const sentence = failures.findIndex((failure) => isTextRule(failure, context));
  return { detail: errors[Math.max(sentence, 0)]?.message ?? INVALID_REQUEST, errors };
}
