// Request bodies in JSON: Fastify's own parser (its prototype-poisoning checks, the body limit), told the charset.
// Fastify decodes every body as UTF-8, whatever the Content-Type says, so a body declared in another charset
// (UTF-16, Latin-1) was misread: a 400 "not valid JSON", or worse, accepted with other characters than were sent.
// JSON between systems is UTF-8 (RFC 8259 §8.1): another declared charset than UTF-8 or its subset US-ASCII
// answers 415 unsupported_media_type, before anything reads the body. A body that is JSON but holds a key that could
// change an object's prototype (`__proto__`, or `constructor` holding a `prototype`) is refused by that parser as
// "not valid JSON": answered 400 validation_failed naming the key instead.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problem } from '../../problem.ts';

const JSON_MEDIA_TYPE = 'application/json';
/** The charsets a JSON body is read in (`utf8` is not a registered name, but what some clients send for UTF-8). */
const UTF8_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);
export const NOT_UTF8 = 'The body must be encoded as UTF-8.';
export const PROTO_KEY = 'The body may not contain the key __proto__.';
export const CONSTRUCTOR_KEY = 'The body may not contain the key constructor with a prototype in it.';

/** Why JSON that parses was refused: a `__proto__` key anywhere in it, else a `constructor` with a `prototype`. */
function poisoningOf(value: unknown): string {
  const pending = [value];
  let constructorKey = false;
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node !== 'object' || node === null) continue;
    if (Object.hasOwn(node, '__proto__')) return PROTO_KEY;
    const ctor = (node as { constructor?: unknown }).constructor;
    if (Object.hasOwn(node, 'constructor') && typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) {
      constructorKey = true;
    }
    for (const child of Object.values(node)) pending.push(child);
  }
  return constructorKey ? CONSTRUCTOR_KEY : PROTO_KEY;
}

/** The JSON text parsed as plain JSON (its keys kept as data), or undefined when it is not JSON at all. */
function plainJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The `charset` parameter of a Content-Type header, in lower case and unquoted; undefined when it names none. */
export function declaredCharset(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name = '', ...value] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    return value
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

async function jsonBody(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser(JSON_MEDIA_TYPE);
  // parseAs 'string': the body arrives decoded as UTF-8 (and within the body limit), as the default parser takes it.
  fastify.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
    const charset = declaredCharset(request.headers['content-type']);
    if (charset !== undefined && !UTF8_CHARSETS.has(charset)) {
      done(problem(415, 'unsupported_media_type', NOT_UTF8, 'Failed'), undefined);
      return;
    }
    parse(request, body as string, (error, parsed) => {
      const json = (error as { code?: string } | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? plainJson(body as string) : undefined;
      if (json) done(problem(400, 'validation_failed', poisoningOf(json.value), 'Failed'), undefined);
      else done(error, parsed);
    });
  });
}

export default fp(jsonBody, { name: 'json-body', dependencies: ['problems'] });
