import { errorBody } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { apiFailure } from '../test-support/apiFailure.ts';
import { fieldMessage, fieldMessages, formErrorsOf, rateLimitText } from './formErrors.ts';

type Field = 'currentPassword' | 'newPassword' | 'retypedNewPassword';
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'retypedNewPassword'];

describe('form errors', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the field and the rule, with the numbers of the password lengths', () => {
    expect(fieldMessage({ field: 'newPassword', rule: 'min_length', message: 'x' })).toBe(
      'New password must have at least 8 characters.',
    );
    expect(fieldMessage({ field: 'password', rule: 'max_length', message: 'x' })).toBe(
      'Password must have at most 128 characters.',
    );
    expect(fieldMessage({ field: 'retypedNewPassword', rule: 'must_match', message: 'x' })).toBe(
      'New password (again) does not match what you entered above.',
    );
    expect(fieldMessage({ field: 'newEmail', rule: 'must_differ', message: 'x' })).toBe(
      'New e-mail address must be different from the current one.',
    );
  });

  it('names a field by the label the form shows when asked to', () => {
    expect(fieldMessage({ field: 'password', rule: 'ascii_only', message: 'x' }, 'fields.newPassword')).toMatch(
      /^New password may contain only half-width letters/,
    );
  });

  it('falls back to the server sentence for a rule it does not know', () => {
    expect(fieldMessage({ field: 'newPassword', rule: 'brand_new_rule', message: 'Server says no.' })).toBe(
      'Server says no.',
    );
  });

  it('keeps the first message of each field and sets aside fields the form does not have', () => {
    const { fields, others } = fieldMessages(
      [
        { field: 'newPassword', rule: 'min_length', message: '' },
        { field: 'newPassword', rule: 'ascii_only', message: '' },
        { field: 'colour', rule: 'format', message: '' },
      ],
      FIELDS,
    );
    expect(fields).toEqual({ newPassword: 'New password must have at least 8 characters.' });
    expect(others.map((o) => o.field)).toEqual(['colour']);
  });

  it('puts a 422 beside its fields', () => {
    const error = apiFailure(
      422,
      errorBody('validation_failed', undefined, [
        { field: 'retypedNewPassword', rule: 'must_match', message: 'The new password and its retype do not match.' },
      ]),
    );
    expect(formErrorsOf(error, FIELDS)).toEqual({
      fields: { retypedNewPassword: 'New password (again) does not match what you entered above.' },
    });
  });

  it('sends a catalogue code to the field it is about', () => {
    const error = apiFailure(400, errorBody('current_password_incorrect'));
    expect(formErrorsOf(error, FIELDS, { current_password_incorrect: 'currentPassword' })).toEqual({
      fields: { currentPassword: 'The current password is incorrect.' },
    });
  });

  it('says how long to wait after too many attempts', () => {
    const body = { error: { ...errorBody('too_many_attempts').error, retry_after_seconds: 125 } };
    expect(rateLimitText(apiFailure(429, body))).toBe(
      'Too many attempts. Please wait and try again. Try again in about 3 min.',
    );
    expect(formErrorsOf(apiFailure(429, body), FIELDS).form).toMatch(/about 3 min/);
    // The sign-in throttle's first wait is 30 s: not "about 1 min".
    const short = { error: { ...errorBody('too_many_attempts').error, retry_after_seconds: 30 } };
    expect(rateLimitText(apiFailure(429, short))).toBe(
      'Too many attempts. Please wait and try again. Try again in 30 s.',
    );
  });

  it('explains anything else above the form, in the user language', async () => {
    await i18n.changeLanguage('ja');
    expect(formErrorsOf(apiFailure(409, errorBody('email_already_used')), ['newEmail'])).toEqual({
      form: 'このメールアドレスはすでに使用されています。',
      fields: {},
    });
    expect(formErrorsOf(new Error('boom'), FIELDS).form).toBe(i18n.t('errors.general_error'));
    await i18n.changeLanguage('en');
  });
});
