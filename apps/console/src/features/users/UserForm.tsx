import { Alert, Card, Group, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../api/users.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { focusFirstInvalid } from '../../components/focusFirstInvalid.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { showPasswordToggle } from '../../components/showPasswordToggle.ts';
import { ControlledField } from '../../forms/ControlledField.tsx';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { PasswordChecklist } from '../auth/PasswordChecklist.tsx';
import { AdminPicker } from './AdminPicker.tsx';
import { OwnAccountNotice, UserProfileCard, UserRoleField } from './UserFormParts.tsx';
import { fieldsOfUserForm, USER_FORM_FIELDS, userFormSchema } from './userFormSchema.ts';
import type { UserFormValues } from './userRules.ts';
import { userFieldErrorText } from './userText.ts';

const FIELDS = USER_FORM_FIELDS;

export interface UserFormProps {
  mode: 'add' | 'edit';
  initial: UserFormValues;
  /** Roles this form may give (add only). */
  roles: readonly ('admin' | 'normal')[];
  /** Whether a normal user's parent admin is chosen here (not for an admin: their users are theirs). */
  chooseParent: boolean;
  /** The edited user's role, shown instead of the role choice. */
  currentRole?: UserRecord['privilege_type'];
  /**
   * The caller's own account: the e-mail, password, limit and two-step requirement are not offered (the server
   * refuses them there), the account page is pointed to instead.
   */
  own?: boolean;
  /** Sends the form; answers the server's field refusals (empty when it failed otherwise or succeeded). */
  onSubmit: (values: UserFormValues) => Promise<FieldError[]>;
  submitLabel: string;
}

/** The add and edit form of a user: every rule checked before sending, typed input kept on any refusal. */
export function UserForm(props: UserFormProps) {
  const { mode, initial, roles, chooseParent, currentRole, onSubmit, submitLabel, own = false } = props;
  const { t } = useTranslation();
  const form = useZodForm(userFormSchema(mode), {
    defaultValues: fieldsOfUserForm(initial),
    message: userFieldErrorText,
    shouldFocusError: false,
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: FIELDS,
    focus: focusFirstInvalid,
    // onSubmit has already had the client tell anything that is not about a field.
    errorsOf: (refused) => {
      const fields: Partial<Record<(typeof FIELDS)[number], string>> = {};
      for (const field of refused as FieldError[]) {
        const name = FIELDS.find((f) => f === field.field);
        if (name) fields[name] ??= userFieldErrorText(field);
      }
      return { fields };
    },
  });
  const submit = form.handleSubmit(
    async (values) => {
      const refused = await onSubmit(values);
      if (refused.length > 0) showRefusal(refused);
    },
    () => focusFirstInvalid(),
  );

  const { errors, isSubmitted, isSubmitting } = form.formState;
  const errorCount = Object.keys(errors).length;
  const [privilegeType, password] = form.watch(['privilege_type', 'password']);
  const showParent = privilegeType === 'normal' && chooseParent;
  const role = mode === 'add' ? privilegeType : currentRole;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="user-form">
      <Stack gap="lg">
        {isSubmitted && errorCount > 0 ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="user-form-errors">
            {t('users.form.fixErrors', { count: errorCount })}
          </Alert>
        ) : null}

        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-form-account">
          <Title order={2} size="h4" id="user-form-account" mb="md">
            {t('users.form.accountSection')}
          </Title>
          <Stack gap="md">
            {own ? <OwnAccountNotice /> : null}
            <UserRoleField form={form} mode={mode} roles={roles} currentRole={currentRole} />

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...form.field('email')}
                type="email"
                autoComplete="off"
                label={t('users.fields.email')}
                withAsterisk={!own}
                readOnly={own}
                data-testid="user-email"
              />
              <TextInput
                {...form.field('name')}
                label={t('users.fields.name')}
                withAsterisk
                maxLength={100}
                data-testid="user-name"
              />
            </SimpleGrid>

            {own ? null : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordInput
                  {...form.field('password')}
                  autoComplete="new-password"
                  label={t('users.fields.password')}
                  description={mode === 'edit' ? t('users.form.passwordKeep') : undefined}
                  withAsterisk={mode === 'add'}
                  aria-describedby="user-password-rules"
                  data-testid="user-password"
                  visibilityToggleButtonProps={showPasswordToggle(t('login.showPassword'))}
                />
                {mode === 'add' || password !== '' ? (
                  <PasswordChecklist password={password} id="user-password-rules" />
                ) : (
                  <span id="user-password-rules" />
                )}
              </SimpleGrid>
            )}

            {showParent ? (
              <ControlledField
                form={form}
                name="parent_user_id"
                render={(field) => (
                  <AdminPicker
                    ref={field.ref}
                    name={field.name}
                    label={t('users.fields.parent_user_id')}
                    description={t('users.form.parentHelp')}
                    placeholder={t('users.form.parentPlaceholder')}
                    value={field.value}
                    onChange={field.onChange}
                    error={field.error}
                    warnWhenNone={role === 'normal'}
                    withAsterisk
                    data-testid="user-parent"
                  />
                )}
              />
            ) : null}
          </Stack>
        </Card>

        <UserProfileCard form={form} own={own} />

        <Group justify="flex-end" gap="sm">
          <LinkButton to="/subordinate/list" variant="default">
            {t('users.common.backToList')}
          </LinkButton>
          <ActionButton icon={IconDeviceFloppy} type="submit" loading={isSubmitting} testId="user-submit">
            {submitLabel}
          </ActionButton>
        </Group>
      </Stack>
    </form>
  );
}
