// The BFF contract's own rules (CONVENTIONS.md) that the linters cannot express.
import { describe, expect, it } from 'vitest';
import { deref, type JsonObject, listOperations, loadYaml } from '../../contract/operations.ts';

const doc = loadYaml('openapi/bff.yaml');
const operations = listOperations(doc);
const PUBLIC_TAGS = new Set(['public', 'session', 'operations']);
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const statuses = (op: JsonObject) => Object.keys((op.responses as JsonObject | undefined) ?? {});
const requirements = (op: JsonObject) => ((op.security ?? doc.security) as JsonObject[] | undefined) ?? [];
/** Needs the session cookie (the csrf header alone does not make an operation secured). */
const isSecured = (op: JsonObject) => requirements(op).some((requirement) => 'session' in requirement);

describe('BFF contract rules', () => {
  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', (_name, op) => {
    const tags = (op.operation.tags as string[] | undefined) ?? [];
    expect(op.path.startsWith('/api/') || ['/healthz', '/readyz'].includes(op.path)).toBe(true);
    // The coach comes from the session: no secured path names a coach (public links carry the coach's uuid).
    if (isSecured(op.operation)) expect(op.path).not.toMatch(/\{coach[a-z]*\}/i);
    if (!isSecured(op.operation)) expect(tags.some((t) => PUBLIC_TAGS.has(t))).toBe(true);
    const codes = statuses(op.operation);
    if (isSecured(op.operation)) expect(codes).toContain('401');
    for (const status of ['400', '429', '500', '502', '504'])
      if (!['/healthz', '/readyz'].includes(op.path)) expect(codes).toContain(status);
    // A body in an undeclared media type is refused with 415 (plugins/app/openapi-routes.ts).
    if (op.operation.requestBody) expect(codes).toContain('415');
    if (STATE_CHANGING.has(op.method)) {
      const security = requirements(op.operation);
      expect(security.length).toBeGreaterThan(0);
      expect(security.every((requirement) => 'csrf' in requirement)).toBe(true);
      expect(codes).toContain('403');
    }
    for (const code of codes.filter((c) => /^[45]/.test(c))) {
      const response = deref(doc, (op.operation.responses as JsonObject)[code]) as JsonObject;
      expect(Object.keys((response.content as JsonObject | undefined) ?? {})).toEqual(['application/problem+json']);
    }
  });
});
