// Checks that an answer a test observed is one the contract documents: the operation exists for the method
// and path, the status is listed for it (or `default`), the media type too, and a JSON body validates against
// its schema. One checker for both contracts: the BFF's tests (bff/test-support/contract.ts) and the
// sandbox's (sandbox/test-support/legacy-contract.ts).
import { deref, isObject, type JsonObject, listOperations, type Operation } from './operations.ts';
import { createValidator, type Validate } from './validator.ts';

export interface ObservedAnswer {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

export interface AnswerCheckOptions {
  /** How violations name the contract (`openapi/bff.yaml`). */
  name: string;
  /** The validator of this document, when the caller has one already (compiling a large contract takes a while). */
  validate?: Validate | undefined;
  /**
   * A status the operation does not list: the violations of such an answer, or undefined to report it undocumented
   * (the BFF answers 501 not_implemented for operations still to be built, which the contract cannot list).
   */
  undocumented?: ((where: string, answer: ObservedAnswer) => string[] | undefined) | undefined;
}

/** Every way an observed answer differs from the document (empty when it conforms). */
export function answerChecker(doc: JsonObject, { name, validate = createValidator(doc), undocumented }: AnswerCheckOptions) {
  const operations = listOperations(doc)
    .map((operation) => ({
      operation,
      params: (operation.path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    // A literal segment wins over a parameter (`/api/session/extend` before `/api/session/{x}`).
    .sort((a, b) => a.params - b.params);

  const findOperation = (method: string, url: string): Operation | undefined => {
    const path = new URL(url, 'http://contract.test').pathname;
    return operations.find(({ operation, pattern }) => operation.method === method.toLowerCase() && pattern.test(path))?.operation;
  };

  return (answer: ObservedAnswer): string[] => {
    const { method, url, status, contentType, body } = answer;
    const operation = findOperation(method, url);
    const where = `${method} ${url} → ${status}`;
    if (!operation) return [`${where}: no operation in ${name}`];
    const responses = isObject(operation.operation.responses) ? operation.operation.responses : {};
    const documented = deref(doc, responses[String(status)] ?? responses.default);
    if (!isObject(documented)) return undocumented?.(where, answer) ?? [`${where}: status not documented for ${operation.operationId}`];
    const content = isObject(documented.content) ? documented.content : {};
    const media = (contentType ?? '').split(';')[0]?.trim() ?? '';
    if (Object.keys(content).length === 0) return body === '' ? [] : [`${where}: a body where the contract has none`];
    const entry = deref(doc, content[media]);
    if (!isObject(entry)) return [`${where}: media type "${media}" not documented (${Object.keys(content).join(', ')})`];
    if (!media.includes('json')) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [`${where}: body is not JSON`];
    }
    return validate(entry.schema ?? {}, parsed).map((message) => `${where}: ${message}`);
  };
}
