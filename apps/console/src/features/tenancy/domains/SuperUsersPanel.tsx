import { Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, type PageSize } from '@spinyard/domain';
import { IconMailForward, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomainDetail, DomainSuperUser } from '../../../api/domains.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { resendSuperuserActivation, useSuperuserList } from '../../../api/superusers.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { ListSearchInput } from '../../../components/ListSearchInput.tsx';
import { StatusBadge } from '../../users/UserBits.tsx';
import { AddSuperuser, EditSuperuser } from './SuperuserForms.tsx';

/**
 * The master's view of a domain's super users: status, e-mail and name; edit, resend activation, add. Searched
 * and paged by the server like every list, so a domain with many super users shows them all.
 */
export function SuperUsersPanel({ domain, readOnly }: { domain: DomainDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<DomainSuperUser | undefined>();
  const [adding, setAdding] = useState(false);
  const [resending, setResending] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 350);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  // A new search starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled search text changes
  useEffect(() => setPage(1), [q]);
  const list = useSuperuserList({ domainId: domain.id, page, limit, q });
  const users: DomainSuperUser[] = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

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
        <ActionButton icon={IconUserPlus} onClick={() => setAdding(true)} disabled={readOnly} testId="superuser-add">
          {t('superusers.add')}
        </ActionButton>
      </Group>
      {total > 0 || q.trim() !== '' ? (
        <ListSearchInput
          label={t('superusers.search')}
          placeholder={t('superusers.searchPlaceholder')}
          clearLabel={t('superusers.clearSearch')}
          value={search}
          onChange={setSearch}
          fetching={list.isFetching}
          width={320}
          testId="superuser-search"
        />
      ) : null}
      {list.isPending ? (
        <CenteredLoader py={24} />
      ) : total === 0 ? (
        <Text size="sm" c="dimmed" mt="sm" data-testid="superuser-list-empty">
          {q.trim() === '' ? t('superusers.none') : t('superusers.noMatch')}
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
              {users.map((user) => (
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
                      <ActionButton
                        icon={IconPencil}
                        iconSize={14}
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(user)}
                        disabled={readOnly}
                        aria-label={t('superusers.editOf', { email: user.email })}
                      >
                        {t('superusers.edit')}
                      </ActionButton>
                      {user.status === 'approval_pending' ? (
                        <ActionButton
                          icon={IconMailForward}
                          iconSize={14}
                          size="xs"
                          variant="default"
                          loading={resending === user.id}
                          onClick={() => void resend(user)}
                          disabled={readOnly}
                          aria-label={t('superusers.resendOf', { email: user.email })}
                        >
                          {t('superusers.resend')}
                        </ActionButton>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > 0 ? (
        <ListFooter
          total={total}
          page={page}
          limit={limit}
          onPage={setPage}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
          testId="superuser-list-footer"
        />
      ) : null}
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
