import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type UsergroupMember, usergroupsQuery } from '@spinyard/domain';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsergroups } from '../../../api/hostScreens.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { ListEmptyState } from '../../../components/ListEmptyState.tsx';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';

const searchForm = usergroupsQuery.pick({ q: true });
const NAME_KEYS = { q: 'users.groups.search' } as const;

/**
 * The groups of users (`/usergroups`, ours as a screen: docs/decisions.md "Listing link and host screens"): each
 * admin with the normal users under them, then the users in no admin's group, searched by the user list's keywords.
 * Read only: a user's admin is changed on the user's edit page.
 */
export function UsergroupsPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const groups = useUsergroups(q);
  const form = useZodForm(searchForm, { defaultValues: { q: '' }, nameKeys: NAME_KEYS });
  const onSubmit = form.handleSubmit((values) => setQ(values.q ?? ''));
  const items = groups.data?.items ?? [];
  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="usergroups-page">
      <Card withBorder radius="lg" padding="lg">
        <Text size="sm" c="gray.7" mb="sm">
          {t('users.groups.lead')}
        </Text>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('users.groups.search')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              {...form.field('q')}
              label={t('users.groups.search')}
              description={t('users.groups.searchHelp')}
              style={{ flex: '1 1 16rem' }}
              data-testid="usergroups-search"
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={groups.isFetching}>
              {t('users.groups.searchButton')}
            </Button>
          </Group>
        </form>
        {groups.data ? (
          <Text size="sm" mt="sm" data-testid="usergroups-total">
            {t('users.groups.total', { count: groups.data.total })}
          </Text>
        ) : null}
      </Card>
      {groups.isPending ? <CenteredLoader py={48} /> : null}
      {groups.data && items.length === 0 ? (
        <Card withBorder radius="lg">
          <ListEmptyState icon={IconUsersGroup} message={t('users.groups.empty')} testId="usergroups-empty" />
        </Card>
      ) : null}
      {items.map((g, i) => (
        <SectionCard
          key={g.admin?.id ?? 'loose'}
          id={`usergroup-${i}`}
          testId="usergroup"
          title={g.admin ? t('users.groups.of', { name: g.admin.display_name }) : t('users.groups.loose')}
          description={t('users.groups.members', { count: g.users.length })}
        >
          {g.admin ? <Member member={g.admin} /> : null}
          <Stack gap={6} component="ul" mt="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {g.users.map((u) => (
              <li key={u.id}>
                <Member member={u} />
              </li>
            ))}
          </Stack>
        </SectionCard>
      ))}
    </Stack>
  );
}

/** One user: the name, the role, the shop code where the host has one, the e-mail (wrapped on a phone). */
function Member({ member }: { member: UsergroupMember }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" data-testid="usergroup-member" data-id={member.id}>
      <Text size="sm" fw={600}>
        {member.display_name}
      </Text>
      <Badge size="sm" variant="outline" color="gray.8">
        {t(`roles.${member.privilege_type}`)}
      </Badge>
      {member.shop_code ? (
        <Text size="xs" c="gray.7">
          {t('users.groups.shopCode', { code: member.shop_code })}
        </Text>
      ) : null}
      <Text size="xs" c="gray.7" style={{ wordBreak: 'break-all' }}>
        {member.email}
      </Text>
    </Group>
  );
}
