import { Anchor, Group } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListingClientInfo } from '../../../api/listing.ts';

/**
 * The listing-site login status, linking to /account-link: logged in when the client-info call answers 200 for a
 * joined user (first document section 2); otherwise not linked.
 */
export function CarSiteStatusLink({ joined }: { joined: boolean }) {
  const { t } = useTranslation();
  const info = useListingClientInfo(joined);
  const linked = joined && info.isSuccess;
  const Icon = linked ? IconPlugConnected : IconPlugConnectedX;
  return (
    <Anchor component={Link} to="/account-link" size="sm" c="gray.8" underline="hover" data-testid="car-site-status">
      <Group gap={6} wrap="nowrap">
        <Icon size={18} aria-hidden />
        <span>{t(linked ? 'layout.carSite.linked' : 'layout.carSite.notLinked')}</span>
      </Group>
    </Anchor>
  );
}
