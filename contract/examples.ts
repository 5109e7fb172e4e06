// Validates every example of an OpenAPI document against its own schemas (`npm run lint` through
// scripts/check-examples.ts, and tests/contract/examples.test.ts), and reports what has none.
import { deref, isObject, type Json, type JsonObject, listOperations } from './operations.ts';
import { createValidator } from './validator.ts';

export interface ExampleProblem {
  where: string;
  message: string;
}

function mediaExamples(doc: JsonObject, media: JsonObject): Array<[string, Json]> {
  const found: Array<[string, Json]> = [];
  if ('example' in media) found.push(['example', media.example as Json]);
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const ex = deref(doc, raw);
      if (isObject(ex) && 'value' in ex) found.push([`examples.${name}`, ex.value as Json]);
    }
  }
  return found;
}

const isBinary = (schema: Json | undefined) => isObject(schema) && schema.type === 'string' && schema.format === 'binary';

/** Validates every parameter, request and response example of every operation; reports what is missing too. */
export function checkExamples(doc: JsonObject): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  const validate = createValidator(doc);
  for (const op of listOperations(doc)) {
    const at = `${op.method.toUpperCase()} ${op.path}`;
    for (const param of op.parameters) {
      const where = `${at} parameter ${param.in}:${param.name}`;
      if (!('example' in param)) problems.push({ where, message: 'has no example' });
      else for (const m of validate(param.schema ?? {}, param.example)) problems.push({ where, message: m });
    }
    if (op.requestBody && isObject(op.requestBody.content)) {
      for (const [type, media] of Object.entries(op.requestBody.content)) {
        if (!isObject(media)) continue;
        const examples = mediaExamples(doc, media);
        const where = `${at} request ${type}`;
        if (examples.length === 0) problems.push({ where, message: 'has no example' });
        if (type.startsWith('multipart/')) continue; // parts with binary files cannot be written as JSON examples
        for (const [name, value] of examples)
          for (const m of validate(media.schema ?? {}, value)) problems.push({ where: `${where} ${name}`, message: m });
      }
    }
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    for (const [status, raw] of Object.entries(responses)) {
      const response = deref(doc, raw);
      if (!isObject(response) || !isObject(response.content)) continue;
      for (const [type, media] of Object.entries(response.content)) {
        if (!isObject(media)) continue;
        const examples = mediaExamples(doc, media);
        const where = `${at} ${status} ${type}`;
        if (examples.length === 0) problems.push({ where, message: 'has no example' });
        if (isBinary(deref(doc, media.schema))) continue;
        for (const [name, value] of examples)
          for (const m of validate(media.schema ?? {}, value)) problems.push({ where: `${where} ${name}`, message: m });
      }
    }
  }
  return problems;
}
