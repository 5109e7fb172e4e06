// The free-text rule of the contract (SingleLineText, MultiLineText) as Fastify's Ajv applies it, and the
// sentences a refusal is answered with.
import AjvCompiler from '@fastify/ajv-compiler';
import { describe, expect, it } from 'vitest';
import {
  charactersNotAllowed,
  describeFailures,
  emojisNotAllowed,
  fieldLabel,
  INVALID_REQUEST,
  type SchemaFailure,
} from './field-messages.ts';
import { bffContract } from './plugins/app/bff-contract.ts';
import { CONTRACT_AJV_OPTIONS } from './plugins/app/openapi-routes.ts';
import { contractEmojiPatterns, contractTextPatterns } from './plugins/app/problems.ts';

type Schema = Record<string, unknown>;
const schemas = (bffContract().components as { schemas: Record<string, Schema> }).schemas;
const compile = AjvCompiler()({}, { customOptions: { ...CONTRACT_AJV_OPTIONS, coerceTypes: false } }) as unknown as (route: {
  schema: unknown;
}) => (value: unknown) => boolean;
/** A component with the bundle's `$ref`s replaced by what they point to, as the router hands schemas to Ajv. */
const inlined = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(inlined);
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as Schema).$ref;
  if (typeof ref === 'string') return inlined(schemas[ref.replace('#/components/schemas/', '')]);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inlined(child)]));
};
const singleLine = compile({ schema: inlined(schemas.SingleLineText) });
const multiLine = compile({ schema: inlined(schemas.MultiLineText) });
const noEmojis = compile({ schema: schemas.NoEmojis });

describe('the free-text rule', () => {
  it.each([
    ['accents and an apostrophe', "Zoë O'Brien-Nkosi"],
    ['another script', 'Ελένη Παπαδοπούλου'],
    ['a right-to-left script', 'مريم الحسيني'],
    ['a joiner inside a word (Persian)', 'می\u200Cخواهم'],
    ['symbols', 'R&D: 50% <growth> {2025} #1 ✓ → € ½'],
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
    ['an emoji', 'Team 🚀 launch'],
    ['an emoji with its variation selector', 'Sunny coaching ☀️'],
    ['a family emoji (joined)', 'Us 👨\u200D👩\u200D👧'],
    ['a heart', 'With ❤ from Cape Town'],
  ])('refuses %s everywhere: the legacy API cannot keep it (spec coach-shell §8)', (_name, text) => {
    expect(singleLine(text)).toBe(false);
    expect(multiLine(text)).toBe(false);
    expect(noEmojis(text)).toBe(false);
  });

  it.each([
    ['LF', 'line one\nline two'],
    ['CRLF', 'line one\r\nline two'],
    ['TAB', 'name\tvalue'],
  ])('keeps %s in a text area and refuses it on one line', (_name, text) => {
    expect(multiLine(text)).toBe(true);
    expect(singleLine(text)).toBe(false);
  });

  it('is recognised by its patterns (and the e-mail one), whatever field uses it; the emoji rule by its own', () => {
    expect([...contractTextPatterns()]).toEqual([
      schemas.SingleLineText?.pattern,
      schemas.MultiLineText?.pattern,
      schemas.EmailText?.pattern,
    ]);
    expect([...contractEmojiPatterns()]).toEqual([schemas.NoEmojis?.pattern]);
    // A search has the characters rule alone (it is never stored): its refusals read as the other fields'.
    expect(schemas.SearchText?.pattern).toBe(schemas.SingleLineText?.pattern);
    expect(schemas.SearchText?.allOf).toBeUndefined();
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
      detail: 'The code is not in the expected form.',
      errors: [{ field: 'code', message: 'The code is not in the expected form.' }],
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
    expect(describeFailures([missing, whole], { schema: TEAM, textPatterns, where: 'body' })).toEqual({
      detail: 'Please enter the project.',
      errors: [
        { field: 'project', message: 'Please enter the project.' },
        { field: 'body', message: 'The request is not valid.' },
      ],
    });
  });

  it.each<[string, SchemaFailure, string]>([
    ['an empty name', { keyword: 'minLength', instancePath: '/name', params: { limit: 1 } }, 'Please enter the team name.'],
    [
      'a short password',
      { keyword: 'minLength', instancePath: '/otherData', params: { limit: 8 } },
      'The other data must be at least 8 characters long.',
    ],
    [
      'a long VAT number',
      { keyword: 'maxLength', instancePath: '/vatNumber', params: { limit: 100 } },
      'The VAT number can be at most 100 characters long.',
    ],
    [
      'an e-mail that is not one',
      { keyword: 'format', instancePath: '/addresses/1', params: { format: 'email' } },
      'Please enter a valid extra recipient address.',
    ],
    [
      'a day that is not one',
      { keyword: 'format', instancePath: '/otherData', params: { format: 'date' } },
      'The other data must be a date (YYYY-MM-DD).',
    ],
    [
      'a value off the list',
      { keyword: 'enum', instancePath: '/project', params: { allowedValues: ['a'] } },
      'The project is not one of the choices.',
    ],
    [
      'too many entries',
      { keyword: 'maxItems', instancePath: '/recipients', params: { limit: 100 } },
      'The recipients can hold at most 100 entries.',
    ],
    [
      'too few entries',
      { keyword: 'minItems', instancePath: '/recipients', params: { limit: 1 } },
      'The recipients must hold at least 1 entry.',
    ],
    ['a number out of range', { keyword: 'maximum', instancePath: '/otherData', params: { limit: 5 } }, 'The other data can be at most 5.'],
    ['an empty change', { keyword: 'minProperties', instancePath: '/webProfile', params: { limit: 1 } }, 'The web profile is empty.'],
    [
      'a field it does not take',
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'nickName' } },
      'The request has a field it does not take: nick name.',
    ],
    ['the wrong type', { keyword: 'type', instancePath: '/name', params: { type: 'string' } }, 'The team name is not valid.'],
  ])('tells %s in a sentence naming the field, never the schema’s words', (_case, failure, sentence) => {
    const described = describeFailures([{ ...failure, message: 'must NOT have fewer than 1 characters' }], { schema: TEAM, textPatterns });
    expect(described).toEqual({ detail: sentence, errors: [{ field: expect.any(String), message: sentence }] });
  });

  it('answers an emoji with the spec’s sentence naming the field, as the detail and the field message', () => {
    const emojiPatterns = new Set(['^(?![\\s\\S]*\\p{Extended_Pictographic})']);
    const empty = { keyword: 'minLength', instancePath: '/otherData', params: { limit: 1 } };
    const emoji = { keyword: 'pattern', instancePath: '/name', params: { pattern: '^(?![\\s\\S]*\\p{Extended_Pictographic})' } };
    const sentence =
      'The update failed. Please remove all emojis from the team name - the system does not currently allow for saving emojis.';
    expect(emojisNotAllowed('team name')).toBe(sentence);
    expect(describeFailures([empty, emoji], { schema: TEAM, textPatterns, emojiPatterns, where: 'body' })).toEqual({
      detail: sentence,
      errors: [
        { field: 'otherData', message: 'Please enter the other data.' },
        { field: 'name', message: sentence },
      ],
    });
  });

  it('asks for the emoji’s removal, naming the field, where nothing is updated (a create, a registration, a message)', () => {
    const emojiPatterns = new Set(['^(?![\\s\\S]*\\p{Extended_Pictographic})']);
    const emoji = { keyword: 'pattern', instancePath: '/name', params: { pattern: '^(?![\\s\\S]*\\p{Extended_Pictographic})' } };
    expect(emojisNotAllowed('surname', false)).toBe('Please remove the emoji from the surname.');
    expect(describeFailures([emoji], { schema: TEAM, textPatterns, emojiPatterns, updating: false }).detail).toBe(
      'Please remove the emoji from the team name.',
    );
  });

  it('gives the first field’s sentence as the detail, a free-text refusal’s before it', () => {
    const empty = { keyword: 'minLength', instancePath: '/name', params: { limit: 1 } };
    const control = { keyword: 'pattern', instancePath: '/otherData', params: { pattern: '^[^\\x00-\\x1F]*$' } };
    expect(describeFailures([empty], { schema: TEAM, textPatterns }).detail).toBe('Please enter the team name.');
    expect(describeFailures([empty, control], { schema: TEAM, textPatterns }).detail).toBe(charactersNotAllowed('other data'));
    expect(describeFailures([], { schema: TEAM, textPatterns }).detail).toBe(INVALID_REQUEST);
  });
});
