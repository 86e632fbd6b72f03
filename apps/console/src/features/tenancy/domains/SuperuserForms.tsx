import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SuperuserUpdateBody, superuserCreateBody, superuserUpdateBody } from '@spinyard/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import {
  type SuperuserFormValues,
  type SuperuserRecord,
  superuserBodyOf,
  superuserCandidateOf,
  superuserFormOf,
  useCreateSuperuser,
  useSuperuser,
  useUpdateSuperuser,
} from '../../../api/superusers.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { useSuperuserForm } from './useSuperuserForm.ts';

const EDIT_FIELDS = [
  'name',
  'email',
  'phone',
  'car_limit',
  'login_limit_count',
  'is_pay_by_credit',
  'two_step_forced',
] as const;
const ADD_FIELDS = ['email', 'name'] as const;

/** The edit dialog's schema: what it would send (superuserCandidateOf), checked with the API's body schema. */
function editSchema(initial: SuperuserFormValues) {
  // A limit typed as text that is no number is passed on as it is, for the body schema to refuse.
  return z
    .custom<SuperuserFormValues>((value) => typeof value === 'object' && value !== null)
    .transform((values) => superuserCandidateOf(initial, values) as z.input<typeof superuserUpdateBody>)
    .pipe(superuserUpdateBody);
}

/** The add dialog asks for the address and the name of the API's create body; the domain is the page's. */
const addSchema = superuserCreateBody.pick({ email: true, name: true });

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
  const [initial] = useState(() => superuserFormOf(user));
  const form = useSuperuserForm(editSchema(initial), initial, EDIT_FIELDS);
  const update = useUpdateSuperuser();

  const onSubmit = form.submit((checked) => {
    const body: SuperuserUpdateBody = superuserBodyOf(initial, checked);
    if (Object.keys(body).length === 0) {
      notifyInfo(t('superusers.noChanges'));
      return;
    }
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (saved) => {
          notifySuccess(t('superusers.saved', { email: saved.email }));
          onClose();
        },
        onError: form.showRefusal,
      },
    );
  });

  return (
    <SuperuserFormShell
      refused={form.refused}
      saving={update.isPending}
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
  const form = useSuperuserForm(addSchema, { email: '', name: '' }, ADD_FIELDS);
  const create = useCreateSuperuser();

  const onSubmit = form.submit(({ email, name }) =>
    create.mutate(
      { domain_id: domainId, email, name },
      {
        onSuccess: (created) => {
          if (created.activation_mail_sent) notifySuccess(t('superusers.created', { email: created.user.email }));
          else notifyInfo(t('superusers.createdNoMail', { email: created.user.email }));
          onClose();
        },
        onError: form.showRefusal,
      },
    ),
  );

  return (
    <SuperuserFormShell
      refused={form.refused}
      saving={create.isPending}
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
  refused,
  saving,
  onSubmit,
  onClose,
  submitLabel,
  testId,
  lead,
  children,
}: {
  refused: boolean;
  saving: boolean;
  onSubmit: () => Promise<void>;
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
        void onSubmit();
      }}
      noValidate
    >
      <Stack gap="md">
        {lead}
        {refused ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('superusers.checkErrors')}
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('domains.common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid={`${testId}-save`}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
