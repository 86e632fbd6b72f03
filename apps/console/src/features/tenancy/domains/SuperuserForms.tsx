import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { domainKeys } from '../../../api/domains.ts';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import {
  createSuperuser,
  type SuperuserRecord,
  superuserFormOf,
  superuserKeys,
  superuserUpdateOf,
  updateSuperuser,
  useSuperuser,
} from '../../../api/superusers.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { type SuperuserForm, useSuperuserForm } from './useSuperuserForm.ts';

/** The super user's record, loaded for the dialog, then its form. */
export function EditSuperuser({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSuperuser(id);
  if (user.isPending) return <CenteredLoader py="lg" />;
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
  const form = useSuperuserForm(initial);

  const onSubmit = () => {
    const update = superuserUpdateOf(initial, form.values);
    if (!update.ok) {
      form.refuse(update.fields);
      return;
    }
    if (Object.keys(update.body).length === 0) {
      notifyInfo(t('superusers.noChanges'));
      return;
    }
    void form.save(async () => {
      const saved = await updateSuperuser(user.id, update.body);
      await queryClient.invalidateQueries({ queryKey: domainKeys.all });
      await queryClient.invalidateQueries({ queryKey: superuserKeys.all });
      notifySuccess(t('superusers.saved', { email: saved.email }));
      onClose();
    });
  };

  return (
    <SuperuserFormShell
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={t('superusers.save')}
      testId="superuser-edit"
    >
      <TextInput {...form.text('name')} withAsterisk aria-required maxLength={100} data-testid="superuser-edit-name" />
      <TextInput {...form.text('email')} type="email" withAsterisk aria-required data-testid="superuser-edit-email" />
      <TextInput {...form.text('phone')} type="tel" maxLength={20} />
      <Title order={3} size="h5" mt="xs">
        {t('superusers.masterOnly')}
      </Title>
      <TextInput {...form.text('car_limit')} description={t('superusers.noLimitHelp')} inputMode="numeric" />
      <TextInput {...form.text('login_limit_count')} description={t('superusers.noLimitHelp')} inputMode="numeric" />
      <Checkbox {...form.check('is_pay_by_credit')} />
      <Checkbox {...form.check('two_step_forced')} />
    </SuperuserFormShell>
  );
}

/** A new super user of the domain: e-mail and name; the server mails the activation link. */
export function AddSuperuser({ domainId, onClose }: { domainId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSuperuserForm({ email: '', name: '' });

  const onSubmit = () => {
    const email = form.values.email.trim();
    const name = form.values.name.trim();
    const found: FieldError[] = [];
    if (email === '') found.push({ field: 'email', rule: 'required', message: 'Enter an e-mail address.' });
    if (name === '') found.push({ field: 'name', rule: 'required', message: 'Enter a name.' });
    if (found.length > 0) {
      form.refuse(found);
      return;
    }
    void form.save(async () => {
      const created = await createSuperuser({ domain_id: domainId, email, name });
      await queryClient.invalidateQueries({ queryKey: domainKeys.all });
      if (created.activation_mail_sent) notifySuccess(t('superusers.created', { email: created.user.email }));
      else notifyInfo(t('superusers.createdNoMail', { email: created.user.email }));
      onClose();
    });
  };

  return (
    <SuperuserFormShell
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={t('superusers.create')}
      testId="superuser-add"
      lead={
        <Text size="sm" c="dimmed">
          {t('superusers.addHelp')}
        </Text>
      }
    >
      <TextInput {...form.text('email')} type="email" withAsterisk aria-required data-testid="superuser-add-email" />
      <TextInput {...form.text('name')} withAsterisk aria-required maxLength={100} data-testid="superuser-add-name" />
    </SuperuserFormShell>
  );
}

/** The dialog's form around its fields: the lead, the refusal alert, then cancel and submit (`<testId>-save`). */
function SuperuserFormShell({
  form,
  onSubmit,
  onClose,
  submitLabel,
  testId,
  lead,
  children,
}: {
  form: Pick<SuperuserForm, 'refused' | 'saving'>;
  onSubmit: () => void;
  onClose: () => void;
  submitLabel: string;
  testId: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // React passes events up through the dialog's portal: the domain page around it must not see this submit.
        event.stopPropagation();
        onSubmit();
      }}
      noValidate
    >
      <Stack gap="md">
        {lead}
        {form.refused ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('superusers.checkErrors')}
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={form.saving}>
            {t('domains.common.cancel')}
          </Button>
          <Button type="submit" loading={form.saving} data-testid={`${testId}-save`}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
