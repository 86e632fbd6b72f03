import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle, IconMailForward, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DomainDetail, type DomainSuperUser, domainKeys } from '../../../api/domains.ts';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import {
  createSuperuser,
  resendSuperuserActivation,
  type SuperuserFormValues,
  type SuperuserRecord,
  superuserFieldErrors,
  superuserFormOf,
  superuserKeys,
  superuserUpdateOf,
  updateSuperuser,
  useSuperuser,
} from '../../../api/superusers.ts';
import { StatusBadge } from '../../users/UserBits.tsx';
import { DialogShell } from '../shared/DialogShell.tsx';
import { refusalOf } from '../shared/failure.ts';
import { fieldErrorText } from '../shared/fieldText.ts';
import { focusFirstInvalid } from '../shared/focusInvalid.ts';

const BOUNDS: Readonly<Record<string, { min: number; max: number }>> = {
  car_limit: { min: 0, max: 1_000_000 },
  login_limit_count: { min: 1, max: 100 },
};

function byFieldOf(errors: readonly FieldError[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const e of errors) out[e.field] ??= e;
  return out;
}

/** The master's view of a domain's super users: status, e-mail and name; edit, resend activation, add. */
export function SuperUsersPanel({ domain, readOnly }: { domain: DomainDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<DomainSuperUser | undefined>();
  const [adding, setAdding] = useState(false);
  const [resending, setResending] = useState<string | undefined>();

  const resend = async (user: DomainSuperUser) => {
    setResending(user.id);
    try {
      await resendSuperuserActivation(user.email);
      notifySuccess(t('superusers.resent', { email: user.email }));
    } catch {
      // The client has shown the failure.
    } finally {
      setResending(undefined);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="domain-super-users-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="domain-super-users-title">
          {t('superusers.title')}
        </Title>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          disabled={readOnly}
          data-testid="superuser-add"
        >
          {t('superusers.add')}
        </Button>
      </Group>
      {domain.super_users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('superusers.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('superusers.fields.status')}</Table.Th>
                <Table.Th>{t('superusers.fields.email')}</Table.Th>
                <Table.Th>{t('superusers.fields.name')}</Table.Th>
                <Table.Th>{t('superusers.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {domain.super_users.map((user) => (
                <Table.Tr key={user.id} data-testid={`superuser-row-${user.id}`}>
                  <Table.Td>
                    <StatusBadge status={user.status} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={`mailto:${user.email}`} size="sm">
                      {user.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        onClick={() => setEditing(user)}
                        disabled={readOnly}
                        aria-label={t('superusers.editOf', { email: user.email })}
                      >
                        {t('superusers.edit')}
                      </Button>
                      {user.status === 'approval_pending' ? (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconMailForward size={14} aria-hidden />}
                          loading={resending === user.id}
                          onClick={() => void resend(user)}
                          disabled={readOnly}
                          aria-label={t('superusers.resendOf', { email: user.email })}
                        >
                          {t('superusers.resend')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DialogShell
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t('superusers.editTitle', { email: editing?.email ?? '' })}
      >
        {editing ? <EditSuperuser id={editing.id} onClose={() => setEditing(undefined)} /> : null}
      </DialogShell>
      <DialogShell opened={adding} onClose={() => setAdding(false)} title={t('superusers.addTitle')}>
        {adding ? <AddSuperuser domainId={domain.id} onClose={() => setAdding(false)} /> : null}
      </DialogShell>
    </Card>
  );
}

function EditSuperuser({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSuperuser(id);
  if (user.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (user.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {t('superusers.loadFailed')}
      </Alert>
    );
  }
  return <EditSuperuserForm user={user.data} onClose={onClose} />;
}

function EditSuperuserForm({ user, onClose }: { user: SuperuserRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState(() => superuserFormOf(user));
  const [values, setValues] = useState<SuperuserFormValues>(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const byField = byFieldOf(errors);

  const set = <K extends keyof SuperuserFormValues>(field: K, value: SuperuserFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (byField[field]) setErrors((list) => list.filter((e) => e.field !== field));
  };
  const errorOf = (field: keyof SuperuserFormValues) => {
    const error = byField[field];
    if (!error) return undefined;
    const bounds = BOUNDS[field];
    return fieldErrorText(error, { label: t(`superusers.fields.${field}`), ...(bounds ? { bounds } : {}) });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const update = superuserUpdateOf(initial, values);
    if (!update.ok) {
      setErrors(update.fields);
      focusFirstInvalid();
      return;
    }
    if (Object.keys(update.body).length === 0) {
      notifyInfo(t('superusers.noChanges'));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateSuperuser(user.id, update.body);
      await queryClient.invalidateQueries({ queryKey: domainKeys.all });
      await queryClient.invalidateQueries({ queryKey: superuserKeys.all });
      notifySuccess(t('superusers.saved', { email: saved.email }));
      onClose();
    } catch (error) {
      const refusal = refusalOf(error);
      const fields = superuserFieldErrors(refusal.code, refusal.fields);
      if (fields.length > 0) {
        setErrors(fields);
        focusFirstInvalid();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {errors.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('superusers.checkErrors')}
          </Alert>
        ) : null}
        <TextInput
          label={t('superusers.fields.name')}
          withAsterisk
          aria-required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errorOf('name')}
          maxLength={100}
          disabled={saving}
          data-testid="superuser-edit-name"
        />
        <TextInput
          label={t('superusers.fields.email')}
          type="email"
          withAsterisk
          aria-required
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errorOf('email')}
          disabled={saving}
          data-testid="superuser-edit-email"
        />
        <TextInput
          label={t('superusers.fields.phone')}
          type="tel"
          value={values.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={errorOf('phone')}
          maxLength={20}
          disabled={saving}
        />
        <Title order={3} size="h5" mt="xs">
          {t('superusers.masterOnly')}
        </Title>
        <TextInput
          label={t('superusers.fields.car_limit')}
          description={t('superusers.noLimitHelp')}
          inputMode="numeric"
          value={values.car_limit}
          onChange={(e) => set('car_limit', e.currentTarget.value)}
          error={errorOf('car_limit')}
          disabled={saving}
        />
        <TextInput
          label={t('superusers.fields.login_limit_count')}
          description={t('superusers.noLimitHelp')}
          inputMode="numeric"
          value={values.login_limit_count}
          onChange={(e) => set('login_limit_count', e.currentTarget.value)}
          error={errorOf('login_limit_count')}
          disabled={saving}
        />
        <Checkbox
          label={t('superusers.fields.is_pay_by_credit')}
          checked={values.is_pay_by_credit}
          onChange={(e) => set('is_pay_by_credit', e.currentTarget.checked)}
          error={errorOf('is_pay_by_credit')}
          disabled={saving}
        />
        <Checkbox
          label={t('superusers.fields.two_step_forced')}
          checked={values.two_step_forced}
          onChange={(e) => set('two_step_forced', e.currentTarget.checked)}
          error={errorOf('two_step_forced')}
          disabled={saving}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('domains.common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="superuser-edit-save">
            {t('superusers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddSuperuser({ domainId, onClose }: { domainId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', name: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const byField = byFieldOf(errors);

  const set = (field: 'email' | 'name', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (byField[field]) setErrors((list) => list.filter((e) => e.field !== field));
  };
  const errorOf = (field: 'email' | 'name') => {
    const error = byField[field];
    return error ? fieldErrorText(error, { label: t(`superusers.fields.${field}`) }) : undefined;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const email = values.email.trim();
    const name = values.name.trim();
    const found: FieldError[] = [];
    if (email === '') found.push({ field: 'email', rule: 'required', message: 'Enter an e-mail address.' });
    if (name === '') found.push({ field: 'name', rule: 'required', message: 'Enter a name.' });
    if (found.length > 0) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    try {
      const created = await createSuperuser({ domain_id: domainId, email, name });
      await queryClient.invalidateQueries({ queryKey: domainKeys.all });
      if (created.activation_mail_sent) notifySuccess(t('superusers.created', { email: created.user.email }));
      else notifyInfo(t('superusers.createdNoMail', { email: created.user.email }));
      onClose();
    } catch (error) {
      const refusal = refusalOf(error);
      const fields = superuserFieldErrors(refusal.code, refusal.fields);
      if (fields.length > 0) {
        setErrors(fields);
        focusFirstInvalid();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('superusers.addHelp')}
        </Text>
        {errors.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('superusers.checkErrors')}
          </Alert>
        ) : null}
        <TextInput
          label={t('superusers.fields.email')}
          type="email"
          withAsterisk
          aria-required
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errorOf('email')}
          disabled={saving}
          data-testid="superuser-add-email"
        />
        <TextInput
          label={t('superusers.fields.name')}
          withAsterisk
          aria-required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errorOf('name')}
          maxLength={100}
          disabled={saving}
          data-testid="superuser-add-name"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('domains.common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="superuser-add-save">
            {t('superusers.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
