import { Button, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconChevronRight, IconDevices, IconFileX, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contractHolderOf } from '../../api/contract.ts';
import { useProfile } from '../../api/profile.ts';
import { EmailChangeCard } from './EmailChangeCard.tsx';
import { PasswordChangeCard } from './PasswordChangeCard.tsx';
import { SectionCard } from './SectionCard.tsx';

function ScreenLink({
  to,
  icon: LinkIcon,
  title,
  body,
  color = 'blue',
}: {
  to: string;
  icon: Icon;
  title: string;
  body: string;
  color?: string;
}) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={40} radius="md" variant="light" color={color} style={{ flex: 'none' }}>
        <LinkIcon size={22} aria-hidden />
      </ThemeIcon>
      <Stack gap={6} style={{ flex: 1 }}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="gray.7">
          {body}
        </Text>
        <div>
          <Button
            component={Link}
            to={to}
            variant="light"
            color={color}
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
          >
            {title}
          </Button>
        </div>
      </Stack>
    </Group>
  );
}

/**
 * /account/conf: change password and change e-mail, each its own card with its own submit and message, then the
 * way to the sign-in security screens (two-step authentication, signed-in devices) and, for the contract holder
 * (the company's super user), to the contract cancellation.
 */
export function AccountConfPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack gap="lg" maw={1200}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <PasswordChangeCard />
        <EmailChangeCard currentEmail={profile.data?.user.email ?? ''} />
      </SimpleGrid>
      <SectionCard id="sign-in-security" title={t('accountConf.security.title')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <ScreenLink
            to="/account/two-step"
            icon={IconShieldLock}
            title={t('screens.account_two_step')}
            body={t('accountConf.security.twoStep')}
          />
          <ScreenLink
            to="/account/devices"
            icon={IconDevices}
            title={t('screens.account_devices')}
            body={t('accountConf.security.devices')}
          />
        </SimpleGrid>
      </SectionCard>
      {contractHolderOf(profile.data?.user) ? (
        <SectionCard id="contract" title={t('accountConf.contract.title')}>
          <ScreenLink
            to="/contract/cancel/conf"
            icon={IconFileX}
            title={t('screens.contract_cancel_conf')}
            body={t('accountConf.contract.body')}
            color="red"
          />
        </SectionCard>
      ) : null}
    </Stack>
  );
}
