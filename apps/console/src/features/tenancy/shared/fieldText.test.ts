import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../../test-support/inLanguage.ts';
import { hostCheckErrors } from '../domains/hostCheckErrors.ts';
import { fieldErrorText, labelKeyOf, optionBounds } from './fieldText.ts';

describe('field error texts', () => {
  inLanguage('en');

  it('name the field by its label on the form', () => {
    expect(labelKeyOf('host')).toBe('domains.fields.host');
    expect(labelKeyOf('super_user.email')).toBe('domains.fields.super_user_email');
    expect(labelKeyOf('options.vehicle_limit')).toBe('options.labels.vehicle_limit');
    expect(labelKeyOf('tel', 'company')).toBe('companies.fields.tel');
    expect(fieldErrorText({ field: 'host', rule: 'no_repeated_hyphens', message: '' })).toBe(
      'Domain name must not contain two or more hyphens in a row.',
    );
  });

  it('give the bounds of an option out of range', () => {
    expect(optionBounds('options.max_manual_hotspots')).toEqual({ min: 0, max: 200 });
    expect(fieldErrorText({ field: 'options.max_manual_hotspots', rule: 'range', message: '' })).toBe(
      'Maximum manual hotspots must be a whole number from 0 to 200.',
    );
  });

  it('say "select" for a missing choice', () => {
    expect(
      fieldErrorText({ field: 'prefecture', rule: 'required', message: '' }, { scope: 'company', select: true }),
    ).toBe('Select a value for Prefecture.');
  });

  it('use the catalogue text of a code used as a rule, else the server’s sentence', () => {
    expect(fieldErrorText({ field: 'host', rule: 'domain_in_use', message: 'x' })).toBe(
      'This domain is already in use.',
    );
    expect(fieldErrorText({ field: 'host', rule: 'brand_new_rule', message: 'Server sentence.' })).toBe(
      'Server sentence.',
    );
  });

  it('turn a negative availability answer into the field errors of a registration', () => {
    expect(hostCheckErrors({ status: 'available' })).toEqual([]);
    expect(hostCheckErrors({ status: 'unavailable', reason: 'domain_deleting' })[0]).toMatchObject({
      field: 'host',
      rule: 'domain_deleting',
    });
    expect(hostCheckErrors({ status: 'unavailable', reason: 'company_code_in_use' })[0]).toMatchObject({
      field: 'company_code',
      rule: 'unique',
    });
  });
});
