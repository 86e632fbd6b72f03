import { Badge, Group, Stack, Text } from '@mantine/core';
import { accountLabelParts } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../api/profile.ts';

/**
 * Who is signed in: role and name, then the company (super, admin) or the section (normal), then the e-mail.
 * Several people of one dealer often share a PC, so this is always visible.
 */
export function AccountLabel({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const parts = accountLabelParts({
    privilegeType: profile.user.privilege_type,
    name: profile.user.display_name || profile.user.name,
    email: profile.user.email,
    companyName: profile.company?.name,
    section: profile.user.company_section,
  });
  return (
    <Stack gap={2} data-testid="account-label" miw={0} maw={320}>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="filled" color="blue" radius="sm" style={{ flex: 'none' }}>
          {t(`roles.${parts.role}`)}
        </Badge>
        <Text size="sm" fw={600} truncate>
          {parts.name}
        </Text>
      </Group>
      <Text size="xs" c="gray.7" truncate>
        {parts.org ? `${parts.org} · ` : ''}
        {parts.email}
      </Text>
    </Stack>
  );
}
