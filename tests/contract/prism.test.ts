// Prism serves every operation of both contracts: a request built from the examples gets the
// operation's first 2xx status and one of its declared content types (so QA can use the mock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, type Json, type JsonObject, listOperations, loadYaml, type Operation } from '../../contract/operations.ts';
import { type RunningPrism, startPrism } from '../../scripts/lib/prism.ts';

const CREDENTIALS: Record<string, Record<string, string>> = {
  legacy: { cookie: 'portal_session=contract-test', 'x-mini-access': 'contract-test' },
  bff: { cookie: '__Host-portal_session=contract-test', origin: 'https://portal.coachportal.test', 'x-csrf': '1' },
};

function firstExample(doc: JsonObject, media: JsonObject): Json | undefined {
  if ('example' in media) return media.example as Json;
  const examples = media.examples as JsonObject | undefined;
  const first = examples ? deref(doc, Object.values(examples)[0]) : undefined;
  return (first as JsonObject | undefined)?.value;
}

function buildRequest(doc: JsonObject, op: Operation, api: string): { url: string; init: RequestInit } {
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...CREDENTIALS[api] };
  for (const p of op.parameters) {
    const value = String(p.example);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query' && p.required) query.set(String(p.name), value);
    else if (p.in === 'header') headers[String(p.name).toLowerCase()] = value;
  }
  const init: RequestInit = { method: op.method.toUpperCase(), headers };
  const body = deref(doc, op.operation.requestBody) as JsonObject | undefined;
  const [type, media] = Object.entries((body?.content as JsonObject | undefined) ?? {})[0] ?? [];
  if (type && media) {
    const example = firstExample(doc, media as JsonObject);
    if (type.startsWith('multipart/')) {
      const form = new FormData();
      for (const [key, value] of Object.entries((example as JsonObject | undefined) ?? {})) {
        form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      init.body = form;
    } else if (type === 'application/x-www-form-urlencoded') {
      headers['content-type'] = type;
      init.body = new URLSearchParams(Object.entries((example as JsonObject) ?? {}).map(([k, v]) => [k, String(v)]));
    } else {
      headers['content-type'] = type;
      init.body = JSON.stringify(example);
    }
  }
  const search = query.toString();
  return { url: `${path}${search ? `?${search}` : ''}`, init };
}

describe.each(['legacy', 'bff'])('Prism serves the %s contract', (api) => {
  const doc = loadYaml(`openapi/${api}.yaml`);
  let prism: RunningPrism;
  beforeAll(async () => {
    prism = await startPrism(`openapi/${api}.yaml`);
  });
  afterAll(async () => {
    await prism?.stop();
  });

  it.each(listOperations(doc).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', async (_name, op) => {
    const responses = op.operation.responses as JsonObject;
    const success = Object.keys(responses)
      .filter((s) => /^2\d\d$/.test(s))
      .sort()[0];
    expect(success, 'the operation declares a 2xx answer').toBeDefined();
    const { url, init } = buildRequest(doc, op, api);
    const res = await fetch(`${prism.url}${url}`, init);
    const text = await res.text();
    expect(res.status, text.slice(0, 500)).toBe(Number(success));
    const declared = Object.keys(((deref(doc, responses[success as string]) as JsonObject).content as JsonObject | undefined) ?? {});
    if (declared.length > 0) {
      const type = (res.headers.get('content-type') ?? '').split(';')[0];
      expect(declared).toContain(type);
    }
  });
});
