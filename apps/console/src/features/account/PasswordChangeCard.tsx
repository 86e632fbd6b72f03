import { PasswordInput } from '@mantine/core';
import { parseFields, passwordChangeSchema } from '@spinyard/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword, type PasswordChangeBody } from '../../api/account.ts';
import { fieldMessages, formErrorsOf } from '../auth/formErrors.ts';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { notifyDone } from '../auth/notifyDone.ts';
import { useFormErrors } from '../auth/useFormErrors.ts';
import { AccountFormCard } from './AccountFormCard.tsx';
import { endSessionIfUnauthorized } from './sessionErrors.ts';

type Field = keyof PasswordChangeBody;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'retypedNewPassword'];
const EMPTY: PasswordChangeBody = { currentPassword: '', newPassword: '', retypedNewPassword: '' };

/**
 * Change password (current, new, retype) with the account rules of the domain's passwordChangeSchema, checked
 * before sending and again by the server. The other devices are signed out; this one stays signed in.
 */
export function PasswordChangeCard() {
  const { t } = useTranslation();
  const [values, setValues] = useState<PasswordChangeBody>(EMPTY);
  const { errors, refs, show, edited, clear } = useFormErrors(FIELDS);
  const change = useMutation({ mutationFn: changePassword });

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    edited(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseFields(passwordChangeSchema, values);
    if (!parsed.ok) {
      show({ fields: fieldMessages(parsed.fields, FIELDS).fields });
      return;
    }
    clear();
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        notifyDone(t('accountConf.password.changed'));
      },
      onError: (error) => {
        if (endSessionIfUnauthorized(error)) return;
        show(formErrorsOf(error, FIELDS, { current_password_incorrect: 'currentPassword' }));
      },
    });
  };

  return (
    <AccountFormCard
      id="password-change"
      title={t('accountConf.password.title')}
      description={t('accountConf.password.lead')}
      submitLabel={t('accountConf.password.submit')}
      onSubmit={onSubmit}
      formError={errors.form}
      pending={change.isPending}
    >
      <PasswordInput
        ref={refs.currentPassword}
        name="currentPassword"
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        withAsterisk
        aria-required
        value={values.currentPassword}
        onChange={(event) => set('currentPassword', event.currentTarget.value)}
        error={errors.fields.currentPassword}
        aria-invalid={Boolean(errors.fields.currentPassword)}
        visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
      />
      <NewPasswordFields
        names={{ password: 'newPassword', retyped: 'retypedNewPassword' }}
        values={{ password: values.newPassword, retyped: values.retypedNewPassword }}
        errors={{ password: errors.fields.newPassword, retyped: errors.fields.retypedNewPassword }}
        refs={{ password: refs.newPassword, retyped: refs.retypedNewPassword }}
        onChange={(which, value) => set(which === 'password' ? 'newPassword' : 'retypedNewPassword', value)}
      />
    </AccountFormCard>
  );
}
