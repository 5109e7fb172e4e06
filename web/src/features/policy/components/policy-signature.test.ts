import { describe, expect, it } from 'vitest';
import { problemFieldErrors, signatureBody, signatureErrors } from './policy-signature.ts';

const fields = [{ name: 'supervisorName', caption: 'Name of your supervisor' }];

describe('policy signature rules (spec public-and-guest §5 "Policy")', () => {
  it('requires every value, blanks included', () => {
    expect(signatureErrors({ typedName: ' ', typedDate: '', extraFields: {} }, fields)).toEqual({
      typedName: 'Please type your name.',
      typedDate: 'Please type the date.',
      'extraFields.supervisorName': 'Please fill in Name of your supervisor.',
    });
  });

  it('leaves a field whose caption says (if any) optional', () => {
    const withOptional = [...fields, { name: 'registrationNumber', caption: 'Practice registration number (if any)' }];
    expect(signatureErrors({ typedName: 'Amara', typedDate: '1 May', extraFields: { supervisorName: 'Dube' } }, withOptional)).toEqual({});
    expect(signatureErrors({ typedName: 'Amara', typedDate: '1 May', extraFields: {} }, withOptional)).toEqual({
      'extraFields.supervisorName': 'Please fill in Name of your supervisor.',
    });
  });

  it('holds the limits 800, 100 and 800', () => {
    const ok = { typedName: 'n'.repeat(800), typedDate: 'd'.repeat(100), extraFields: { supervisorName: 's'.repeat(800) } };
    expect(signatureErrors(ok, fields)).toEqual({});
    const over = { typedName: 'n'.repeat(801), typedDate: 'd'.repeat(101), extraFields: { supervisorName: 's'.repeat(801) } };
    expect(signatureErrors(over, fields)).toEqual({
      typedName: 'Please use at most 800 characters.',
      typedDate: 'Please use at most 100 characters.',
      'extraFields.supervisorName': 'Please use at most 800 characters.',
    });
  });

  it('sends the trimmed values, each extra field under its name', () => {
    expect(signatureBody({ typedName: ' Amara ', typedDate: '1 May ', extraFields: { supervisorName: ' Dube' } }, fields)).toEqual({
      typedName: 'Amara',
      typedDate: '1 May',
      extraFields: { supervisorName: 'Dube' },
    });
  });

  it('reads the field errors of a problem', () => {
    const problem = {
      type: 't',
      title: 'Failed',
      status: 400,
      code: 'typed_date_required',
      detail: 'd',
      errors: [{ field: 'typedDate', message: 'Please type the date.' }],
    };
    expect(problemFieldErrors(problem)).toEqual({ typedDate: 'Please type the date.' });
  });
});
