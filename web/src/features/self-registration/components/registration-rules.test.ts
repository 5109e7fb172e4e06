import { describe, expect, it } from 'vitest';
import { checkRegistration, coachUuidFromPath, MESSAGES } from './registration-rules.ts';

const UUID = '1e7e1000-0000-4000-8000-000000000004';
const FORM = { name: 'Thandiwe', surname: 'Nkosi', email: 'thandiwe@example.co.za', language: 'english' };

describe('the self-registration link', () => {
  it('takes the last path segment when it is exactly 36 characters', () => {
    expect(coachUuidFromPath(UUID)).toBe(UUID);
    expect(coachUuidFromPath(`extra/${UUID}`)).toBe(UUID);
  });

  it('refuses a shorter, longer or missing segment', () => {
    expect(coachUuidFromPath(UUID.slice(1))).toBeNull();
    expect(coachUuidFromPath(`${UUID}0`)).toBeNull();
    expect(coachUuidFromPath(`${UUID}/`)).toBeNull();
    expect(coachUuidFromPath('')).toBeNull();
  });
});

describe('the registration checks (spec §5)', () => {
  it('asks for every detail first, naming the empty fields', () => {
    expect(checkRegistration({ ...FORM, name: ' ', email: '' })).toEqual({ name: MESSAGES.missingDetails, email: MESSAGES.missingDetails });
  });

  it('then checks the e-mail: something, at-sign, something, dot, something', () => {
    expect(checkRegistration({ ...FORM, email: 'thandiwe@example' })).toEqual({ email: MESSAGES.invalidEmail });
    expect(checkRegistration({ ...FORM, email: 'a@b.c' })).toEqual({});
  });
});
