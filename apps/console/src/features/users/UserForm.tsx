import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../api/users.ts';
import { focusFirstInvalid } from '../../components/focusFirstInvalid.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PasswordChecklist } from '../auth/PasswordChecklist.tsx';
import { RoleBadge } from './UserBits.tsx';
import { type UserField, type UserFormValues, userFormErrors } from './userRules.ts';
import { userFieldErrorText } from './userText.ts';

type Errors = Partial<Record<string, string>>;

function errorsByField(fields: FieldError[]): Errors {
  const out: Errors = {};
  for (const f of fields) out[f.field] ??= userFieldErrorText(f);
  return out;
}

export interface UserFormProps {
  mode: 'add' | 'edit';
  initial: UserFormValues;
  /** Roles this form may give (add only). */
  roles: readonly ('admin' | 'normal')[];
  /** Admins to choose a normal user's parent from; null hides the choice (an admin's users are theirs). */
  admins: UserRecord[] | null;
  adminsLoading?: boolean;
  /** The edited user's role, shown instead of the role choice. */
  currentRole?: UserRecord['privilege_type'];
  /** Sends the form; answers the server's field refusals (empty when it failed otherwise or succeeded). */
  onSubmit: (values: UserFormValues) => Promise<FieldError[]>;
  submitLabel: string;
}

/** The add and edit form of a user: every rule checked before sending, typed input kept on any refusal. */
export function UserForm({
  mode,
  initial,
  roles,
  admins,
  adminsLoading = false,
  currentRole,
  onSubmit,
  submitLabel,
}: UserFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<UserFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const set =
    <K extends keyof UserFormValues>(key: K, field: UserField) =>
    (value: UserFormValues[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const local = userFormErrors(values, mode);
    if (local.length > 0) {
      setErrors(errorsByField(local));
      focusFirstInvalid();
      return;
    }
    setSubmitting(true);
    try {
      const refused = await onSubmit(values);
      setErrors(errorsByField(refused));
      if (refused.length > 0) focusFirstInvalid();
    } finally {
      setSubmitting(false);
    }
  };

  const errorCount = Object.values(errors).filter(Boolean).length;
  const showParent = values.privilegeType === 'normal' && admins !== null;
  const role = mode === 'add' ? values.privilegeType : currentRole;

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="lg">
        {submitted && errorCount > 0 ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="user-form-errors">
            {t('users.form.fixErrors', { count: errorCount })}
          </Alert>
        ) : null}

        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-form-account">
          <Title order={2} size="h4" id="user-form-account" mb="md">
            {t('users.form.accountSection')}
          </Title>
          <Stack gap="md">
            {mode === 'add' ? (
              <Radio.Group
                name="privilege_type"
                label={t('users.fields.privilege_type')}
                description={t('users.form.roleHelp')}
                value={values.privilegeType}
                onChange={(v) => set('privilegeType', 'privilege_type')(v as UserFormValues['privilegeType'])}
                error={errors.privilege_type}
                withAsterisk
              >
                <Group gap="lg" mt="xs">
                  {roles.map((r) => (
                    <Radio key={r} value={r} label={t(`roles.${r}`)} data-testid={`user-role-${r}`} />
                  ))}
                </Group>
              </Radio.Group>
            ) : currentRole ? (
              <Group gap="sm">
                <Text size="sm" fw={500}>
                  {t('users.fields.privilege_type')}
                </Text>
                <RoleBadge role={currentRole} />
              </Group>
            ) : null}

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                name="email"
                type="email"
                autoComplete="off"
                label={t('users.fields.email')}
                value={values.email}
                onChange={(e) => set('email', 'email')(e.currentTarget.value)}
                error={errors.email}
                withAsterisk
                data-testid="user-email"
              />
              <TextInput
                name="name"
                label={t('users.fields.name')}
                value={values.name}
                onChange={(e) => set('name', 'name')(e.currentTarget.value)}
                error={errors.name}
                withAsterisk
                maxLength={100}
                data-testid="user-name"
              />
            </SimpleGrid>

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PasswordInput
                name="password"
                autoComplete="new-password"
                label={t('users.fields.password')}
                description={mode === 'edit' ? t('users.form.passwordKeep') : undefined}
                value={values.password}
                onChange={(e) => set('password', 'password')(e.currentTarget.value)}
                error={errors.password}
                withAsterisk={mode === 'add'}
                aria-describedby="user-password-rules"
                data-testid="user-password"
                visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword'), tabIndex: 0 }}
              />
              {mode === 'add' || values.password !== '' ? (
                <PasswordChecklist password={values.password} id="user-password-rules" />
              ) : (
                <span id="user-password-rules" />
              )}
            </SimpleGrid>

            {showParent ? (
              <Select
                name="parent_user_id"
                label={t('users.fields.parent_user_id')}
                description={t('users.form.parentHelp')}
                placeholder={adminsLoading ? t('common.loading') : t('users.form.parentPlaceholder')}
                data={(admins ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.email})` }))}
                value={values.parentUserId || null}
                onChange={(v) => set('parentUserId', 'parent_user_id')(v ?? '')}
                error={errors.parent_user_id}
                nothingFoundMessage={t('users.form.noAdmins')}
                searchable
                withAsterisk
                data-testid="user-parent"
              />
            ) : null}
            {role === 'normal' && showParent && !adminsLoading && (admins ?? []).length === 0 ? (
              <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
                {t('users.form.noAdminsYet')}
              </Alert>
            ) : null}
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-form-profile">
          <Title order={2} size="h4" id="user-form-profile" mb="md">
            {t('users.form.profileSection')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              name="company_section"
              label={t('users.fields.company_section')}
              value={values.companySection}
              onChange={(e) => set('companySection', 'company_section')(e.currentTarget.value)}
              error={errors.company_section}
              maxLength={100}
            />
            <TextInput
              name="phone"
              type="tel"
              label={t('users.fields.phone')}
              description={t('users.form.phoneHelp')}
              value={values.phone}
              onChange={(e) => set('phone', 'phone')(e.currentTarget.value)}
              error={errors.phone}
            />
            <TextInput
              name="car_limit"
              inputMode="numeric"
              label={t('users.fields.car_limit')}
              description={t('users.form.carLimitHelp')}
              value={values.carLimit}
              onChange={(e) => set('carLimit', 'car_limit')(e.currentTarget.value)}
              error={errors.car_limit}
              data-testid="user-car-limit"
            />
          </SimpleGrid>
          <Checkbox
            mt="md"
            name="two_step_forced"
            label={t('users.fields.two_step_forced')}
            description={t('users.form.twoStepForcedHelp')}
            checked={values.twoStepForced}
            onChange={(e) => set('twoStepForced', 'two_step_forced')(e.currentTarget.checked)}
            error={errors.two_step_forced}
          />
        </Card>

        <Group justify="flex-end" gap="sm">
          <LinkButton to="/subordinate/list" variant="default">
            {t('users.common.backToList')}
          </LinkButton>
          <Button
            type="submit"
            loading={submitting}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid="user-submit"
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
