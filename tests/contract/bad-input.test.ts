// Bad input against every implemented BFF operation, derived from the contract: missing, extra and
// wrong-typed fields, undeclared media types, empty and oversized bodies, over-long strings, control
// characters, hostile path parameters and bad query values, with and without a session, on the BFF in
// front of the sandbox. Every answer: never a 5xx, problem+json with a stable code for every refusal, the
// API's security headers and a request id. The mutations are sampled with a seeded generator:
// BAD_INPUT_SEED=<n> replays a run (the seed is printed with every failure).
// Then every free-text field the contract declares (every string of a request body, a multipart form or a query
// that takes ordinary words, found by walking the routes' schemas, so a new field is covered the day it is
// added) gets every control character: 400 problem+json whose detail is a sentence naming the field, never a
// schema path; the spec's text areas keep their line breaks. And every one the legacy API would keep (a body's,
// a form's) gets emojis: the spec's sentence naming the field (coach-shell §8) on a change, the emoji's removal
// naming the field where nothing is updated; a search (a query) takes them.
import { randomUUID } from 'node:crypto';
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../bff/app.ts';
import { bffContract } from '../../bff/plugins/app/bff-contract.ts';
import { CONTRACT_AJV_OPTIONS } from '../../bff/plugins/app/openapi-routes.ts';
import { SESSION_COOKIE } from '../../bff/plugins/app/session.ts';
import { API_HEADERS } from '../../bff/plugins/external/helmet.ts';
import { testConfig } from '../../bff/test-support/test-server.ts';
import { buildSandbox } from '../../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { seedStore } from '../../sandbox/seed/seed.ts';

const SEED = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 1_000_000);
/** Mutations sent per operation (all of them when an operation has fewer). */
const PER_OPERATION = 40;
const ORIGIN = 'http://localhost:3000';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  method: string;
  url: string;
  params: Json | undefined;
  query: Json | undefined;
  body: Json | undefined;
  secured: boolean;
}
interface Mutation {
  name: string;
  request: (operation: Operation) => InjectOptions;
}

/** mulberry32: a small seeded generator, so a failing sample can be replayed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONTROL = 'a\u0000b\u001bc\r\nd\u202ee';
const propertiesOf = (schema: Json | undefined): Record<string, Json> => (schema?.properties ?? {}) as Record<string, Json>;

/** A value of the right type for a path parameter (a uuid where the contract says so). */
function validParam(schema: Json): string {
  if (schema.format === 'uuid') return randomUUID();
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  return 'x1';
}

function path(operation: Operation, replace?: { name: string; value: string }): string {
  return operation.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    replace?.name === name ? replace.value : encodeURIComponent(validParam(propertiesOf(operation.params)[name] ?? {})),
  );
}

function jsonRequest(operation: Operation, payload: unknown, extra: Partial<InjectOptions> = {}): InjectOptions {
  return {
    method: operation.method as InjectOptions['method'],
    url: path(operation),
    headers: { 'content-type': 'application/json', ...(extra.headers ?? {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  };
}

/** Every mutation that applies to the operation. */
function mutationsOf(operation: Operation): Mutation[] {
  const mutations: Mutation[] = [];
  const pathParams = Object.keys(propertiesOf(operation.params));
  for (const name of pathParams) {
    for (const [label, value] of [
      ['../', '..%2F..%2Fetc%2Fpasswd'],
      ['dot segments', '%2e%2e%2f'],
      ['NUL', 'a%00b'],
      ['over-long', 'a'.repeat(300)],
      ['control characters', encodeURIComponent(CONTROL)],
      ['not a uuid', 'not-a-uuid'],
    ] as const) {
      mutations.push({
        name: `path ${name}: ${label}`,
        request: (op) => ({ method: op.method as InjectOptions['method'], url: path(op, { name, value }) }),
      });
    }
  }
  for (const [name, schema] of Object.entries(propertiesOf(operation.query))) {
    for (const value of ['zzz-not-allowed', '-1', '99999999999999999999999', encodeURIComponent(CONTROL), 'a'.repeat(3000)]) {
      mutations.push({
        name: `query ${name}=${value.slice(0, 20)}`,
        request: (op) => ({ method: op.method as InjectOptions['method'], url: `${path(op)}?${name}=${value}&${name}=${value}` }),
      });
    }
    void schema;
  }
  if (operation.body) {
    const properties = propertiesOf(operation.body);
    mutations.push({ name: 'empty JSON object', request: (op) => jsonRequest(op, {}) });
    mutations.push({ name: 'JSON null', request: (op) => jsonRequest(op, 'null') });
    mutations.push({ name: 'JSON array', request: (op) => jsonRequest(op, []) });
    mutations.push({ name: 'broken JSON', request: (op) => jsonRequest(op, '{"a":') });
    mutations.push({ name: 'extra field', request: (op) => jsonRequest(op, { unexpectedField: 'x' }) });
    mutations.push({
      name: 'no body, JSON type',
      request: (op) => ({ method: op.method as InjectOptions['method'], url: path(op), headers: { 'content-type': 'application/json' } }),
    });
    mutations.push({ name: 'no body at all', request: (op) => ({ method: op.method as InjectOptions['method'], url: path(op) }) });
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/xml']) {
      mutations.push({
        name: `media type ${type}`,
        request: (op) => ({
          method: op.method as InjectOptions['method'],
          url: path(op),
          headers: { 'content-type': type },
          payload: '{"ids":[]}',
        }),
      });
    }
    mutations.push({ name: 'body over the limit', request: (op) => jsonRequest(op, { filler: 'x'.repeat(3 * 1024 * 1024) }) });
    for (const [name, schema] of Object.entries(properties)) {
      const long = typeof schema.maxLength === 'number' ? schema.maxLength + 1 : 10_001;
      for (const [label, value] of [
        ['a number', 12345],
        ['a string', 'text'],
        ['an object', { nested: true }],
        ['an array', ['x']],
        ['null', null],
        ['over-long', 'x'.repeat(long)],
        ['a megabyte', 'x'.repeat(1024 * 1024)],
        ['control characters', CONTROL],
      ] as const) {
        mutations.push({ name: `body ${name}: ${label}`, request: (op) => jsonRequest(op, { [name]: value }) });
      }
    }
  }
  return mutations;
}

/** The route's JSON body schema (the contract declares bodies per media type: `{ content: { 'application/json': { schema } } }`). */
function jsonBodySchema(body: Json | undefined): Json | undefined {
  const content = body?.content as Record<string, { schema?: Json }> | undefined;
  // An upload's route keeps no schema for its streamed body: the generic mutations still apply to it.
  return content ? (content['application/json']?.schema ?? {}) : body;
}

let sandbox: FastifyInstance;
let server: FastifyInstance;
const operations: Operation[] = [];
let signIns = 0;

async function signIn(): Promise<string> {
  signIns++;
  const response = await server.inject({
    method: 'POST',
    url: '/api/session',
    // Sign-in allows 5 a minute per address and e-mail: every sign-in of the suite comes from its own address.
    remoteAddress: `192.0.2.${signIns % 250}`,
    headers: { 'x-csrf': '1', origin: ORIGIN },
    payload: { email: SEED_COACHES.demo.email, password: DEMO_PASSWORD },
  });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!cookie) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

beforeAll(async () => {
  sandbox = await buildSandbox({ store: seedStore({ now: Date.now(), assessments: 40 }) });
  const sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  server = buildServer(
    testConfig({
      LEGACY_API_URL: sandboxUrl,
      UPSTREAM_TIMEOUT_MS: '3000',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_STRICT_MAX: '1000',
      RATE_LIMIT_PUBLIC_MISSES_MAX: '100000',
    }),
  );
  server.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { operationId?: string; params?: Json; querystring?: Json; body?: Json; security?: unknown } | undefined;
    const methods = [route.method].flat();
    if (!schema?.operationId || route.config?.implemented === false || methods.includes('HEAD')) return;
    operations.push({
      operationId: schema.operationId,
      method: methods[0] ?? 'GET',
      url: route.url,
      params: schema.params,
      query: schema.querystring,
      body: jsonBodySchema(schema.body),
      secured: true,
    });
  });
  await server.ready();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

function problemsWith(answer: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  if (!answer.headers['x-request-id']) problems.push('no x-request-id');
  for (const header of Object.keys(API_HEADERS)) if (!(header in answer.headers)) problems.push(`no ${header}`);
  if (answer.statusCode >= 400) {
    if (!String(answer.headers['content-type']).startsWith('application/problem+json'))
      problems.push(`content-type ${answer.headers['content-type']}`);
    else if (!/^[a-z][a-z0-9_]*$/.test(String(answer.json().code))) problems.push(`code ${answer.json().code}`);
  }
  return problems;
}

describe(`bad input (BAD_INPUT_SEED=${SEED})`, () => {
  it('finds the implemented operations in the contract', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['createSession', 'listAssessments', 'sendInvites']),
    );
  });

  it('never answers 5xx, always a problem with the security headers and a request id', async () => {
    const random = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    let cookie = await signIn();
    for (const operation of operations) {
      const all = mutationsOf(operation);
      const chosen = all.length <= PER_OPERATION ? all : all.filter(() => random() < PER_OPERATION / all.length);
      for (const mutation of chosen) {
        const withSession = random() < 0.8;
        const request = mutation.request(operation);
        const answer = await server.inject({
          ...request,
          headers: { 'x-csrf': '1', origin: ORIGIN, ...(request.headers as Json) } as InjectOptions['headers'],
          ...(withSession ? { cookies: { [SESSION_COOKIE]: cookie } } : {}),
        });
        sent++;
        for (const problem of problemsWith(answer)) {
          failures.push(
            `${operation.operationId} ${operation.method} ${operation.url} — ${mutation.name}${withSession ? '' : ' (no session)'}: ${problem}`,
          );
        }
        // A mutation that ended the session (logout) does not spoil the next ones.
        if (withSession && answer.statusCode === 401) cookie = await signIn();
      }
    }
    console.log(`bad input: ${sent} requests over ${operations.length} operations (BAD_INPUT_SEED=${SEED})`);
    expect(failures, `replay with BAD_INPUT_SEED=${SEED}`).toEqual([]);
  }, 240_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Free text: one rule for every field (openapi/CONVENTIONS.md "Free text").

/** The spec's text areas, the only fields that keep line breaks (and TAB): operationId and dotted field. */
const MULTI_LINE = new Set([
  'updateEmailTemplate text', // coach-shell §2.5: "A text area"
  'sendFeedback message', // coach-shell §2.1: Leave A Message's message text
  'updateTeamMember memberComments', // coach-shell §2.7: member comments (max 250)
  'updateProfile postalAddress', // the profile's postal address
  'updateProfile webProfile.scopeOfPractice', // coach-shell §5: counter 1000
  'updateProfile webProfile.specialization', // coach-shell §5: counter 1000
]);
/** Refused in every free-text field. */
const NEVER = [
  ['NUL', 'Quiet\u0000river'],
  ['ESC', 'Quiet\u001b[31mriver'],
  ['DEL', 'Quiet\u007friver'],
  ['a C1 control (NEL)', 'Quiet\u0085river'],
  ['a right-to-left override', 'Quiet\u202Eriver'],
  ['a left-to-right embedding', 'Quiet\u202Ariver'],
  ['a first-strong isolate', 'Quiet\u2068river'],
] as const;
/** Refused on one line, kept in a text area. */
const LINE_BREAKS = [
  ['LF', 'Quiet\nriver'],
  ['CRLF', 'Quiet\r\nriver'],
  ['TAB', 'Quiet\triver'],
] as const;
/** Emojis: refused in every field the legacy API keeps (spec coach-shell §8), taken by a search. */
const EMOJIS = [
  ['an emoji', 'Quiet river 🚀'],
  ['an emoji with its variation selector', 'Quiet river ☀️'],
  ['a joined family emoji', 'Quiet river 👨\u200D👩\u200D👧'],
] as const;
/** What a free-text field takes: ordinary words (a field that refuses them is an id, a code, an address or a date). */
const WORDS = "Zoë O'Brien-Nkosi 12";

interface TextField {
  operation: Operation;
  where: 'body' | 'query' | 'multipart';
  /** Property names, `0` for an array's item, `note` for a map's entry. */
  path: string[];
  title: string | undefined;
}

const compileLeaf = (() => {
  const compile = AjvCompiler()({}, { customOptions: { ...CONTRACT_AJV_OPTIONS, coerceTypes: false } }) as unknown as (route: {
    schema: unknown;
  }) => (value: unknown) => boolean;
  return (schema: Json) => compile({ schema });
})();

/** A bundle `$ref` followed (an upload's schema is read from the bundle; the routes' schemas come resolved). */
function resolved(schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  return resolved(
    ref
      .slice(2)
      .split('/')
      .reduce<Json | undefined>((node, key) => node?.[key] as Json | undefined, bffContract()),
  );
}

/** A leaf schema with its bundle `$ref`s replaced by what they point to (for the compiler). */
function inlined(schema: Json): Json {
  const own = resolved(schema) ?? {};
  return Object.fromEntries(
    Object.entries(own).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map((item) => (typeof item === 'object' && item ? inlined(item as Json) : item)) : value,
    ]),
  );
}

const membersOf = (schema: Json): Json[] => [
  schema,
  ...((schema.allOf as Json[] | undefined) ?? []).map((member) => resolved(member) ?? {}),
];

/** Every string leaf of a schema that takes ordinary words. */
function freeTextLeaves(schema: Json | undefined, path: string[] = []): { path: string[]; schema: Json }[] {
  const own = resolved(schema);
  if (!own) return [];
  const members = membersOf(own);
  const leaves: { path: string[]; schema: Json }[] = [];
  for (const member of members) {
    for (const [name, child] of Object.entries(propertiesOf(member))) leaves.push(...freeTextLeaves(child, [...path, name]));
    if (typeof member.additionalProperties === 'object')
      leaves.push(...freeTextLeaves(member.additionalProperties as Json, [...path, 'note']));
    if (typeof member.items === 'object') leaves.push(...freeTextLeaves(member.items as Json, [...path, '0']));
  }
  if (members.some((member) => member.type === 'string') && own.format !== 'binary' && compileLeaf(inlined(own))(WORDS))
    leaves.push({ path, schema: own });
  return leaves;
}

/** A value the schema takes, for the fields a refused one needs beside it (so that only the bad one is refused). */
function sample(schema: Json | undefined): unknown {
  const own = resolved(schema) ?? {};
  const members = membersOf(own);
  const find = (key: string) => members.map((member) => member[key]).find((value) => value !== undefined);
  const choices = find('enum') as unknown[] | undefined;
  if (choices) return choices[0];
  if (find('const') !== undefined) return find('const');
  const type = find('type');
  if (type === 'object') return withRequired({}, own);
  if (type === 'array')
    return Array.from({ length: Number(find('minItems') ?? 0) }, (_, i) => (find('uniqueItems') ? i + 1 : sample(find('items') as Json)));
  if (type === 'integer' || type === 'number') return Number(find('minimum') ?? 1);
  if (type === 'boolean') return true;
  const format = find('format');
  if (format === 'uuid') return randomUUID();
  if (format === 'email') return 'thandiwe@example.co.za';
  if (format === 'date') return '2025-11-21';
  return 'Quiet river at dawn';
}

function withRequired(value: Json, schema: Json | undefined): Json {
  for (const member of membersOf(resolved(schema) ?? {})) {
    for (const name of (member.required as string[] | undefined) ?? [])
      if (!(name in value)) value[name] = sample(propertiesOf(member)[name]);
  }
  return value;
}

/** The example body with `value` at `path`, every object on the way holding its required fields. */
function bodyWith(example: unknown, schema: Json | undefined, path: string[], value: string): Json {
  const body = withRequired(structuredClone((example ?? {}) as Json), schema);
  let node: Json | unknown[] = body;
  let nodeSchema = resolved(schema);
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const childSchema =
      nodeSchema && (key === '0' ? (nodeSchema.items as Json) : key === 'note' ? (nodeSchema.additionalProperties as Json) : undefined);
    const members = membersOf(nodeSchema ?? {});
    const next = resolved(childSchema ?? members.map((member) => propertiesOf(member)[key]).find(Boolean));
    const container = node as Record<string, unknown>;
    if (last) container[key] = value;
    else {
      const existing = container[key];
      container[key] =
        typeof existing === 'object' && existing !== null
          ? existing
          : next?.type === 'array' || membersOf(next ?? {}).some((m) => m.type === 'array')
            ? []
            : {};
      if (!Array.isArray(container[key])) withRequired(container[key] as Json, next);
      node = container[key] as Json;
    }
    nodeSchema = next;
  });
  return body;
}

/** The contract's request body of an operation in a media type (its schema and example). */
function requestMedia(operationId: string, type: string): Json | undefined {
  for (const item of Object.values(bffContract().paths as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      if (operation?.operationId !== operationId) continue;
      const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      return content?.[type];
    }
  }
  return undefined;
}

function textFields(): TextField[] {
  const fields: TextField[] = [];
  for (const operation of operations) {
    const titleOf = (schema: Json) => (typeof schema.title === 'string' ? schema.title : undefined);
    for (const leaf of freeTextLeaves(operation.body))
      fields.push({ operation, where: 'body', path: leaf.path, title: titleOf(leaf.schema) });
    for (const leaf of freeTextLeaves(operation.query))
      fields.push({ operation, where: 'query', path: leaf.path, title: titleOf(leaf.schema) });
    const form = requestMedia(operation.operationId, 'multipart/form-data')?.schema as Json | undefined;
    for (const leaf of freeTextLeaves(form)) fields.push({ operation, where: 'multipart', path: leaf.path, title: titleOf(leaf.schema) });
  }
  return fields;
}

/** A multipart form with the example's fields, `value` in the field, and every binary field a small ZIP (an .xlsx). */
function multipartWith(operation: Operation, field: string, value: string): InjectOptions {
  const media = requestMedia(operation.operationId, 'multipart/form-data') ?? {};
  const schema = resolved(media.schema as Json) ?? {};
  const boundary = 'sweep-boundary';
  const parts: Buffer[] = [];
  for (const [name, example] of Object.entries({ ...(media.example as Json), [field]: value })) {
    const property = resolved(propertiesOf(schema)[name]) ?? {};
    const values = Array.isArray(example) ? example : [example];
    for (const one of values) {
      const head =
        property.format === 'binary'
          ? `Content-Disposition: form-data; name="${name}"; filename="${String(one)}"\r\nContent-Type: application/octet-stream`
          : `Content-Disposition: form-data; name="${name}"`;
      const content = property.format === 'binary' ? Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]) : Buffer.from(String(one));
      parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), content, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    method: operation.method as InjectOptions['method'],
    url: path(operation),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

function textRequest(field: TextField, value: string): InjectOptions {
  const { operation } = field;
  if (field.where === 'multipart') return multipartWith(operation, field.path.join('.'), value);
  if (field.where === 'query') {
    return { method: operation.method as InjectOptions['method'], url: `${path(operation)}?${field.path[0]}=${encodeURIComponent(value)}` };
  }
  const media = requestMedia(operation.operationId, 'application/json') ?? {};
  return {
    ...jsonRequest(operation, bodyWith(media.example, operation.body, field.path, value)),
    headers: { 'content-type': 'application/json' },
  };
}

/** The sentence of a refused free-text field: its characters, or its emojis (the spec's text, coach-shell §8). */
const CHARACTERS_SENTENCE = /^The [^.]+ contains characters that are not allowed\.$/;
const EMOJIS_SENTENCE =
  /^The update failed\. Please remove all emojis from the [^.]+ - the system does not currently allow for saving emojis\.$/;
/** Where nothing is updated (a create, a registration, a message), the emoji's removal alone. */
const EMOJI_REMOVAL_SENTENCE = /^Please remove the emoji from the [^.]+\.$/;

/** Why a refusal is not a sentence naming the field (none when it is). */
function refusalProblems(answer: LightMyRequestResponse, field: TextField, sentence = CHARACTERS_SENTENCE): string[] {
  if (answer.statusCode !== 400) return [`status ${answer.statusCode}: ${answer.body.slice(0, 160)}`];
  if (!String(answer.headers['content-type']).startsWith('application/problem+json'))
    return [`content-type ${answer.headers['content-type']}`];
  const problem = answer.json() as { code: string; detail: string; errors?: { field: string; message: string }[] };
  const schemaLike = /\/|#|must |pattern|\\x|\\u/;
  const problems: string[] = [];
  if (schemaLike.test(problem.detail)) problems.push(`detail echoes the schema: ${problem.detail}`);
  for (const error of problem.errors ?? []) if (schemaLike.test(error.message)) problems.push(`errors echo the schema: ${error.message}`);
  // An operation with the spec's own text for refused input (sign-in, a weak new password) answers that text
  // (no `errors`): the login page's "Please check if password and username are correct".
  if (problem.code !== 'validation_failed' || !problem.errors) return problems;
  const dotted = field.path.join('.');
  if (!sentence.test(problem.detail)) problems.push(`detail "${problem.detail}"`);
  if (field.title && !problem.detail.toLowerCase().includes(field.title.toLowerCase()))
    problems.push(`detail does not name "${field.title}"`);
  if (problem.errors?.[0]?.field !== dotted || problem.errors[0].message !== problem.detail)
    problems.push(`errors ${JSON.stringify(problem.errors)}`);
  return problems;
}

/** The request of a free-text field with `value` in it, from an address of its own, with the session. */
function sendText(field: TextField, value: string, cookie: string, sent: number): Promise<LightMyRequestResponse> {
  const request = textRequest(field, value);
  return server.inject({
    ...request,
    // Sign-in and the public pages count per address: every request comes from its own.
    remoteAddress: `198.51.${Math.floor(sent / 250) % 250}.${sent % 250}`,
    headers: {
      'x-csrf': '1',
      origin: ORIGIN,
      'idempotency-key': randomUUID(),
      ...(request.headers as Json),
    } as InjectOptions['headers'],
    cookies: { [SESSION_COOKIE]: cookie },
  });
}

describe('free text: control characters in every field', () => {
  it('finds the free-text fields of the contract, on one line and in the spec’s text areas', () => {
    const fields = textFields().map((field) => `${field.operation.operationId} ${field.path.join('.')}`);
    expect(fields.length).toBeGreaterThan(70);
    expect(fields).toEqual(
      expect.arrayContaining([...MULTI_LINE, 'createTeam name', 'createClient company', 'listTeams q', 'uploadClientsSpreadsheet project']),
    );
  });

  it('refuses them with a sentence naming the field (400 problem+json), and keeps line breaks only in text areas', async () => {
    const failures: string[] = [];
    const cookie = await signIn();
    let sent = 0;
    for (const field of textFields()) {
      const name = `${field.operation.operationId} ${field.path.join('.')}`;
      const multiLine = MULTI_LINE.has(name);
      for (const [label, value] of [...NEVER, ...LINE_BREAKS]) {
        const answer = await sendText(field, value, cookie, sent);
        sent++;
        const kept = multiLine && LINE_BREAKS.some(([, breaks]) => breaks === value);
        if (kept) {
          const refusedField =
            answer.statusCode === 400 &&
            answer.json().code === 'validation_failed' &&
            answer.json().errors?.[0]?.field === field.path.join('.');
          if (refusedField || answer.statusCode >= 500)
            failures.push(`${name} — ${label}: a text area refused its line break (${answer.statusCode} ${answer.body.slice(0, 160)})`);
        } else {
          for (const problem of refusalProblems(answer, field)) failures.push(`${name} (${field.where}) — ${label}: ${problem}`);
        }
      }
    }
    console.log(`free text: ${sent} requests over ${textFields().length} fields`);
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('free text: emojis in every field the legacy API keeps', () => {
  it('refuses them with the spec’s sentence naming the field (400 problem+json); a search takes them', async () => {
    const failures: string[] = [];
    const cookie = await signIn();
    let sent = 0;
    const fields = textFields();
    expect(fields.filter((field) => field.where !== 'query').length).toBeGreaterThan(60);
    for (const field of fields) {
      const name = `${field.operation.operationId} ${field.path.join('.')} (${field.where})`;
      for (const [label, value] of EMOJIS) {
        const answer = await sendText(field, value, cookie, sent);
        sent++;
        if (field.where === 'query') {
          // A search is never stored: it is not refused for its emoji (a list answers, or the operation's own refusal).
          const refused =
            answer.statusCode === 400 && answer.json().errors?.some((error: { field: string }) => error.field === field.path[0]);
          if (refused || answer.statusCode >= 500) failures.push(`${name} — ${label}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
        } else {
          const updating = field.operation.method === 'PATCH' || field.operation.method === 'PUT';
          const sentence = updating ? EMOJIS_SENTENCE : EMOJI_REMOVAL_SENTENCE;
          for (const problem of refusalProblems(answer, field, sentence)) failures.push(`${name} — ${label}: ${problem}`);
        }
      }
    }
    console.log(`free text, emojis: ${sent} requests over ${fields.length} fields`);
    expect(failures).toEqual([]);
  }, 240_000);
});
