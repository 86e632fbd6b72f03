import { Alert, Button, Code, CopyButton, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { reportingKeyCreateBody } from '@spinyard/domain';
import { IconKey, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify.ts';
import {
  type ReportingKey,
  type ReportingKeySecret,
  useCreateReportingKey,
  useReportingKeys,
  useRevokeReportingKey,
  useRotateReportingKey,
} from '../../api/partner.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { SectionCard } from '../tenancy/shared/SectionCard.tsx';

const keyForm = reportingKeyCreateBody.pick({ name: true });
const FIELDS = ['name'] as const;
const NAME_KEYS = { name: 'corporations.keys.name' } as const;

type Pending = { key: ReportingKey; action: 'rotate' | 'revoke' };

/**
 * The reporting API's keys of the domain (second document section 7: bills, contacts, contents, corporations and
 * the linkage report "with an API key"): made here, shown once, rotated or revoked. Only master and super reach it.
 */
export function ReportingKeysCard() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const keys = useReportingKeys();
  const create = useCreateReportingKey();
  const rotate = useRotateReportingKey();
  const revoke = useRevokeReportingKey();
  const [secret, setSecret] = useState<ReportingKeySecret | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const form = useZodForm(keyForm, { defaultValues: { name: '' }, nameKeys: NAME_KEYS });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, nameKeys: NAME_KEYS });
  const onCreate = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (made) => {
        setSecret(made);
        form.reset({ name: '' });
      },
      onError: showRefusal,
    }),
  );
  const confirm = () => {
    if (!pending) return;
    const { key, action } = pending;
    const done = () => setPending(undefined);
    if (action === 'rotate') {
      rotate.mutate(key.id, {
        onSuccess: (made) => {
          setSecret(made);
          done();
        },
      });
    } else {
      revoke.mutate(key.id, {
        onSuccess: () => {
          notifySuccess(t('corporations.keys.revoked'));
          done();
        },
      });
    }
  };
  const items = keys.data?.items ?? [];
  return (
    <SectionCard title={t('corporations.keys.title')} description={t('corporations.keys.help')} id="reporting-keys">
      <Stack gap="sm">
        {secret ? (
          <Alert color="teal" icon={<IconKey aria-hidden />} title={t('corporations.keys.secretTitle')} role="status">
            <Stack gap="xs">
              <Text size="sm">{t('corporations.keys.secretBody', { name: secret.name })}</Text>
              <Code block data-testid="reporting-key-secret">
                {secret.key}
              </Code>
              <CopyButton value={secret.key}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} w="fit-content">
                    {copied ? t('corporations.keys.copied') : t('corporations.keys.copy')}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        ) : null}
        <form onSubmit={(event) => void onCreate(event)} noValidate aria-label={t('corporations.keys.create')}>
          <FormAlert message={form.formError} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              {...form.field('name')}
              label={t('corporations.keys.name')}
              maxLength={100}
              w={{ base: '100%', sm: 280 }}
            />
            <ActionButton icon={IconPlus} type="submit" loading={create.isPending} testId="reporting-key-create">
              {t('corporations.keys.create')}
            </ActionButton>
          </Group>
        </form>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('corporations.keys.none')}
          </Text>
        ) : (
          <ListTable
            minWidth={640}
            testId="reporting-key-table"
            dense
            columns={[t('corporations.keys.name'), t('corporations.keys.hint'), t('corporations.keys.lastUsed')]}
            actionsLabel={t('domains.list.columns.actions')}
          >
            {items.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td fw={600}>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{`${key.hint}…`}</Code>
                </Table.Td>
                <Table.Td>
                  {key.last_used_at ? formatDateTime(key.last_used_at, locale) : t('corporations.keys.never')}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <RowAction
                    label={t('corporations.keys.rotate', { name: key.name })}
                    icon={IconRefresh}
                    onClick={() => setPending({ key, action: 'rotate' })}
                  />
                  <RowAction
                    label={t('corporations.keys.revoke', { name: key.name })}
                    icon={IconTrash}
                    color="red"
                    onClick={() => setPending({ key, action: 'revoke' })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== undefined}
        title={t(`corporations.keys.${pending?.action ?? 'revoke'}Title`)}
        confirmLabel={t(`corporations.keys.${pending?.action ?? 'revoke'}Confirm`)}
        loading={rotate.isPending || revoke.isPending}
        onClose={() => setPending(undefined)}
        onConfirm={confirm}
      >
        <Text size="sm">
          {t(`corporations.keys.${pending?.action ?? 'revoke'}Body`, { name: pending?.key.name ?? '' })}
        </Text>
      </ConfirmModal>
    </SectionCard>
  );
}
