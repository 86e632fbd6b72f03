import { Anchor, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconMailForward, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomainDetail, DomainSuperUser } from '../../../api/domains.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { resendSuperuserActivation } from '../../../api/superusers.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { StatusBadge } from '../../users/UserBits.tsx';
import { AddSuperuser, EditSuperuser } from './SuperuserForms.tsx';

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
