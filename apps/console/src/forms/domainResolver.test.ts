import { loginFormSchema, passwordChangeSchema } from '@spinyard/domain';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';
import { domainResolver, ruleErrors } from './domainResolver.ts';
import { fieldTranslator } from './fieldTranslator.ts';

// What react-hook-form hands a resolver on submit: no native validation, no field refs (nothing to focus here).
const options = <T extends FieldValues>() => ({ fields: {}, shouldUseNativeValidation: false }) as ResolverOptions<T>;

describe('domainResolver', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it("hands the form the schema's output when the values pass", async () => {
    const resolve = domainResolver(loginFormSchema, fieldTranslator());
    const result = await resolve({ username: '  me@example.com ', password: 'pw' }, undefined, options());
    expect(result).toEqual({ errors: {}, values: { username: 'me@example.com', password: 'pw' } });
  });

  it("tells each refused field by its rule in the user's language, not the schema's English", async () => {
    const resolve = domainResolver(passwordChangeSchema, fieldTranslator());
    const result = await resolve(
      { currentPassword: '', newPassword: 'short', retypedNewPassword: 'other' },
      undefined,
      options(),
    );
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      currentPassword: { type: 'required', message: 'Current password is required.' },
      newPassword: { type: 'min_length', message: 'New password must have at least 8 characters.' },
      retypedNewPassword: {
        type: 'must_match',
        message: 'New password (again) does not match what you entered above.',
      },
    });
  });

  it('speaks the language chosen when the form is checked', async () => {
    const resolve = domainResolver(loginFormSchema, fieldTranslator());
    await i18n.changeLanguage('fr');
    try {
      const result = await resolve({ username: '', password: 'pw' }, undefined, options());
      expect(result.errors.username?.message).toBe(i18n.t('validation.required', { field: i18n.t('fields.username') }));
      expect(result.errors.username?.message).not.toBe('Enter your e-mail address.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("names a field by the form's label and lets the form word a rule its own way", async () => {
    const schema = z.object({ password: z.string().min(8), code: z.string().regex(/^[0-9]+$/) });
    const translate = fieldTranslator({ password: 'fields.newPassword' }, (error) =>
      error.field === 'code' ? 'digits only' : undefined,
    );
    const result = await domainResolver(schema, translate)({ password: 'x', code: 'a' }, undefined, options());
    expect(result.errors).toMatchObject({
      password: { message: 'New password must have at least 8 characters.' },
      code: { type: 'format', message: 'digits only' },
    });
  });
});

describe('ruleErrors', () => {
  it('keeps the first refusal of each field', () => {
    const errors = ruleErrors(
      [
        { field: 'name', rule: 'required', message: 'a' },
        { field: 'name', rule: 'max_length', message: 'b' },
        { field: 'email', rule: 'email', message: 'c' },
      ],
      (e) => `${e.field}/${e.rule}`,
    );
    expect(errors).toEqual({
      name: { type: 'required', message: 'name/required' },
      email: { type: 'email', message: 'email/email' },
    });
  });
});
