// The free-text rule of the contract (SingleLineText, MultiLineText) as Fastify's Ajv applies it, and the
// sentences a refusal is answered with.
import AjvCompiler from '@fastify/ajv-compiler';
import { describe, expect, it } from 'vitest';
import { charactersNotAllowed, describeFailures, fieldLabel, INVALID_REQUEST } from './field-messages.ts';
import { bffContract, CONTRACT_AJV_OPTIONS } from './plugins/app/openapi-routes.ts';
import { contractTextPatterns } from './plugins/app/problems.ts';

type Schema = Record<string, unknown>;
const schemas = (bffContract().components as { schemas: Record<string, Schema> }).schemas;
const compile = AjvCompiler()({}, { customOptions: { ...CONTRACT_AJV_OPTIONS, coerceTypes: false } }) as unknown as (route: {
  schema: unknown;
}) => (value: unknown) => boolean;
const singleLine = compile({ schema: schemas.SingleLineText });
const multiLine = compile({ schema: schemas.MultiLineText });

describe('the free-text rule', () => {
  it.each([
    ['accents and an apostrophe', "Zoë O'Brien-Nkosi"],
    ['another script', 'Ελένη Παπαδοπούλου'],
    ['a right-to-left script', 'مريم الحسيني'],
    ['a joiner inside a word (Persian)', 'می\u200Cخواهم'],
    ['an emoji', 'Team 🚀 launch'],
    ['symbols', 'R&D: 50% <growth> {2025} #1'],
  ])('takes %s, on one line and in a text area', (_name, text) => {
    expect(singleLine(text)).toBe(true);
    expect(multiLine(text)).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['ESC', 'a\u001b[31mb'],
    ['BEL', 'a\u0007b'],
    ['a form feed', 'a\u000Cb'],
    ['a vertical tab', 'a\u000Bb'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['a left-to-right mark', 'a\u200Eb'],
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['a left-to-right embedding', 'a\u202Ab'],
    ['a pop directional isolate', 'a\u2069b'],
  ])('refuses %s everywhere', (_name, text) => {
    expect(singleLine(text)).toBe(false);
    expect(multiLine(text)).toBe(false);
  });

  it.each([
    ['LF', 'line one\nline two'],
    ['CRLF', 'line one\r\nline two'],
    ['TAB', 'name\tvalue'],
  ])('keeps %s in a text area and refuses it on one line', (_name, text) => {
    expect(multiLine(text)).toBe(true);
    expect(singleLine(text)).toBe(false);
  });

  it('is recognised by its patterns (and the e-mail one), whatever field uses it', () => {
    expect([...contractTextPatterns()]).toEqual([
      schemas.SingleLineText?.pattern,
      schemas.MultiLineText?.pattern,
      schemas.EmailText?.pattern,
    ]);
  });
});

const TEAM = {
  type: 'object',
  properties: {
    name: { title: 'Team name', type: 'string' },
    otherData: { type: 'string' },
    vatNumber: { title: 'VAT number', type: 'string' },
    recipients: { type: 'array', items: { type: 'string' } },
    addresses: { type: 'array', items: { title: 'Extra recipient address', type: 'string' } },
    extraFields: { type: 'object', additionalProperties: { type: 'string' } },
    webProfile: { type: 'object', properties: { scopeOfPractice: { type: 'string' } } },
  },
  allOf: [{ properties: { project: { type: 'string' } } }],
};

describe('fieldLabel', () => {
  it.each([
    ['name', 'team name'],
    ['otherData', 'other data'],
    ['vatNumber', 'VAT number'],
    ['recipients.2', 'recipients'],
    ['addresses.0', 'extra recipient address'],
    ['extraFields.registrationNumber', 'registration number'],
    ['webProfile.scopeOfPractice', 'scope of practice'],
    ['project', 'project'],
    ['unknownField', 'unknown field'],
  ])('names %s "%s"', (field, label) => {
    expect(fieldLabel(TEAM, field)).toBe(label);
  });

  it('follows the references it is given a resolver for', () => {
    const components: Record<string, Schema> = { Upload: { properties: { project: { title: 'Project name', type: 'string' } } } };
    const resolve = (schema: Schema) => (typeof schema.$ref === 'string' ? (components[schema.$ref] ?? schema) : schema);
    expect(fieldLabel({ properties: { form: { $ref: 'Upload' } } }, 'form.project', resolve)).toBe('project name');
  });
});

describe('describeFailures', () => {
  const textPatterns = new Set(['^[^\\x00-\\x1F]*$']);

  it('answers a text-rule refusal with a sentence naming the field, as the detail and the field message', () => {
    const failure = {
      keyword: 'pattern',
      instancePath: '/name',
      params: { pattern: '^[^\\x00-\\x1F]*$' },
      message: 'must match pattern "^[^\\x00-\\x1F]*$"',
    };
    expect(describeFailures([failure], { schema: TEAM, textPatterns, where: 'body' })).toEqual({
      detail: 'The team name contains characters that are not allowed.',
      errors: [{ field: 'name', message: charactersNotAllowed('team name') }],
    });
  });

  it('never shows another pattern either', () => {
    const failure = {
      keyword: 'pattern',
      instancePath: '/code',
      params: { pattern: '^[0-9]{6}$' },
      message: 'must match pattern "^[0-9]{6}$"',
    };
    expect(describeFailures([failure], { schema: TEAM, textPatterns })).toEqual({
      detail: INVALID_REQUEST,
      errors: [{ field: 'code', message: 'is not in the expected form' }],
    });
  });

  it('names a missing property, and the whole part when no field is concerned', () => {
    const missing = {
      keyword: 'required',
      instancePath: '',
      params: { missingProperty: 'project' },
      message: "must have required property 'project'",
    };
    const whole = { keyword: 'type', instancePath: '', params: { type: 'object' }, message: 'must be object' };
    expect(describeFailures([missing, whole], { schema: TEAM, textPatterns, where: 'body' }).errors).toEqual([
      { field: 'project', message: "must have required property 'project'" },
      { field: 'body', message: 'must be object' },
    ]);
  });
});
