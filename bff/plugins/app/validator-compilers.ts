// The validators Fastify compiles from the contract's request schemas (openapi-routes.ts): bodies checked as
// sent, path, query and headers read as the contract's types, each schema compiled once per process.
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';

const ajvCompilers = AjvCompiler();

// Fastify calls a compiler with the route's schema and part (the package's types say only the schema).
type CompileRoute = (route: { schema: unknown; httpPart?: string }) => unknown;

/**
 * Fastify's validator compiler, with type coercion off for request bodies only. Fastify lowercases the header
 * names of a schema for its own compiler only; this one gets them as the contract writes them (`Idempotency-Key`)
 * while Node gives every header in lower case, so they are lowercased here, or no header would ever be checked.
 */
export const bodiesUncoerced = ((externalSchemas, options) => {
  const coercing = ajvCompilers(externalSchemas, options) as unknown as CompileRoute;
  const exactOptions = { ...options, mode: undefined, customOptions: { ...options?.customOptions, coerceTypes: false as const } };
  const exact = ajvCompilers(externalSchemas, exactOptions) as unknown as CompileRoute;
  return ((route) => {
    if (route.httpPart === 'headers')
      return compiledOnce('headers', route, () => coercing({ ...route, schema: lowerCaseHeaderNames(route.schema) }));
    if (route.httpPart === 'body') return compiledOnce('body', route, () => exact(route));
    return compiledOnce('coercing', route, () => coercing(route));
  }) as CompileRoute;
}) as BuildCompilerFromPool;

/**
 * The validators compiled so far in this process, by how they read and the schema's text. Every server of a
 * process is built from the one contract with the same Ajv options, so a schema is compiled once per process
 * rather than once per server (compiling was most of the cost of building a server; the tests build one per
 * test). A compiled validator keeps nothing between calls: its `errors` are read right after the call.
 */
const compiledValidators = new Map<string, unknown>();

function compiledOnce(mode: string, route: { schema: unknown }, compile: () => unknown): unknown {
  const key = `${mode}\n${JSON.stringify(route.schema)}`;
  let validator = compiledValidators.get(key);
  if (validator === undefined) {
    validator = compiledWhenFirstUsed(compile as () => Validator);
    compiledValidators.set(key, validator);
  }
  return validator;
}

/** Ajv's validator as Fastify calls it: the data, and where it stands in the request (so a root value may be coerced). */
type Validator = ((data: unknown, where?: unknown) => unknown) & { errors?: unknown };

/**
 * A validator that compiles its schema on its first call, then is that compiled validator. A process compiles only
 * the schemas of the operations it serves (most processes serve a few of the contract's); compiling every one at
 * start held the whole contract's generated code and left its garbage in the old generation (docs/decisions/037).
 */
function compiledWhenFirstUsed(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const validate: Validator & { schemaEnv: object } = Object.assign(
    (data: unknown, where?: unknown) => {
      compiled ??= compile();
      const valid = compiled(data, where);
      validate.errors = compiled.errors;
      return valid;
    },
    { schemaEnv: {} },
  );
  return validate;
}

/** A route's header schema (an object of header parameters, as the contract's routes make it) with its names in lower case. */
function lowerCaseHeaderNames(schema: unknown): unknown {
  const { properties, required, ...rest } = schema as { properties?: Record<string, unknown>; required?: unknown };
  return {
    ...rest,
    ...(properties && { properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value])) }),
    ...(Array.isArray(required) && { required: required.map((name) => String(name).toLowerCase()) }),
  };
}
