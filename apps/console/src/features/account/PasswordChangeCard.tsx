import { PasswordInput } from '@mantine/core';
import { passwordChangeSchema } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../api/account.ts';
import { showPasswordToggle } from '../../components/showPasswordToggle.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { notifyDone } from '../auth/notifyDone.ts';
import { AccountFormCard } from './AccountFormCard.tsx';
import { endSessionIfUnauthorized } from './sessionErrors.ts';

const FIELDS = ['currentPassword', 'newPassword', 'retypedNewPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', retypedNewPassword: '' };

/**
 * Change password (current, new, retype) with the account rules of the domain's passwordChangeSchema, checked
 * before sending and again by the server. The other devices are signed out; this one stays signed in.
 */
export function PasswordChangeCard() {
  const { t } = useTranslation();
  const form = useZodForm(passwordChangeSchema, { defaultValues: EMPTY });
  const showRefusal = useServerFieldErrors(form, {
    fields: FIELDS,
    byCode: { current_password_incorrect: 'currentPassword' },
  });
  const change = useChangePassword();
  const [newPassword, retypedNewPassword] = form.watch(['newPassword', 'retypedNewPassword']);

  const onSubmit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        notifyDone(t('accountConf.password.changed'));
      },
      onError: (error) => {
        if (endSessionIfUnauthorized(error)) return;
        showRefusal(error);
      },
    }),
  );

  return (
    <AccountFormCard
      id="password-change"
      title={t('accountConf.password.title')}
      description={t('accountConf.password.lead')}
      submitLabel={t('accountConf.password.submit')}
      onSubmit={(event) => void onSubmit(event)}
      formError={form.formError}
      pending={change.isPending}
    >
      <PasswordInput
        {...form.field('currentPassword')}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        withAsterisk
        aria-required
        aria-invalid={Boolean(form.formState.errors.currentPassword)}
        visibilityToggleButtonProps={showPasswordToggle(t('login.showPassword'))}
      />
      <NewPasswordFields
        password={form.field('newPassword')}
        retyped={form.field('retypedNewPassword')}
        typed={{ password: newPassword, retyped: retypedNewPassword }}
      />
    </AccountFormCard>
  );
}
