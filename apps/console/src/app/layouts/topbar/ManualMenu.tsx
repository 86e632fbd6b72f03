import { Box, Button, Menu } from '@mantine/core';
import { IconBook2, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadManual, visibleManuals } from '../../../api/manuals.ts';
import type { Profile } from '../../../api/profile.ts';

export function ManualMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="sm"
          px={{ base: 8, md: 'sm' }}
          aria-label={t('layout.manuals.label')}
          leftSection={<IconBook2 size={18} aria-hidden />}
          styles={{ section: { marginInlineEnd: 0 } }}
        >
          <Box component="span" visibleFrom="md" ml={6}>
            {t('layout.manuals.label')}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {visibleManuals(profile).map((name) => (
          <Menu.Item
            key={name}
            leftSection={<IconDownload size={16} aria-hidden />}
            // The client has already shown what went wrong; nothing else is left to do on failure.
            onClick={() => void downloadManual(name).catch(() => undefined)}
          >
            {t(`layout.manuals.${name}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
