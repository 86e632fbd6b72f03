import { Anchor, Group } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The listing-site login status, linking to /account-link. "Logged in" needs the client-info call of the
 * listing area; until that exists the honest state is "not linked".
 */
export function CarSiteStatusLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/account-link" size="sm" c="gray.8" underline="hover">
      <Group gap={6} wrap="nowrap">
        <IconPlugConnectedX size={18} aria-hidden />
        <span>{t('layout.carSite.notLinked')}</span>
      </Group>
    </Anchor>
  );
}
