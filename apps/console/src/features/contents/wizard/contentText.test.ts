import { errorBody } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { apiFailure } from '../../../test-support/apiFailure.ts';
import { contentFieldErrorText, contentFieldNameKey, contentRefusalOf, editLockText } from './contentText.ts';
import { tabsFor, tabsWithErrors } from './wizardTabs.ts';

describe('vehicle texts', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('names a field by its vehicle label, a mark by its part', () => {
    expect(contentFieldNameKey('maker')).toBe('contentFields.maker');
    expect(contentFieldNameKey('inspection.inspector_name')).toBe('contentFields.inspector_name');
    expect(contentFieldNameKey('inspection.marks.3.level')).toBe('contentsWizard.inspector.level');
  });

  it('states the bound a value broke', () => {
    expect(contentFieldErrorText({ field: 'mileage', rule: 'range', message: '' })).toBe(
      'Mileage must be between 0 and 10,000,000.',
    );
    expect(contentFieldErrorText({ field: 'maker', rule: 'max_length', message: '' })).toBe(
      'Maker can be at most 50 characters.',
    );
    expect(contentFieldErrorText({ field: 'management_id', rule: 'required', message: '' })).toMatch(/Management ID/);
    expect(contentFieldErrorText({ field: 'first_registration_year', rule: 'requires', message: '' })).toBe(
      'Enter the first registration year with the month.',
    );
  });

  it('puts a refused save beside its fields, the inspection call under inspection, and the tabs follow', () => {
    const refused = apiFailure(
      422,
      errorBody('validation_failed', undefined, [
        { field: 'maker', rule: 'max_length', message: '' },
        { field: 'development_view_position', rule: 'one_of', message: '' },
      ]),
    );
    const found = contentRefusalOf(refused);
    expect(Object.keys(found.fields)).toEqual(['maker', 'development_view_position']);
    expect(tabsWithErrors(Object.keys(found.fields), tabsFor('car'))).toEqual(['basic_info', 'development_view']);

    const marks = apiFailure(
      422,
      errorBody('validation_failed', undefined, [{ field: 'marks.1.level', rule: 'required', message: '' }]),
    );
    expect(contentRefusalOf(marks, 'inspection.').fields['inspection.marks']).toMatch(/^Mark 2: /);
  });

  it('shows a taken management ID beside it and a lock above the form', () => {
    const duplicate = apiFailure(409, errorBody('duplicate_vehicle_id'));
    expect(contentRefusalOf(duplicate).fields.management_id).toBeTruthy();
    const locked = apiFailure(409, { error: { code: 'content_locked', params: { process: 'blur' } } });
    const found = contentRefusalOf(locked);
    expect(found.fields).toEqual({});
    expect(found.form).toContain('Blur');
  });

  it('says why a vehicle cannot be edited', () => {
    expect(editLockText({ reason: 'process', processes: ['transfer'] })).toContain('Transfer');
    expect(editLockText({ reason: 'listing', state: 'waiting' })).toContain('Waiting');
  });
});
