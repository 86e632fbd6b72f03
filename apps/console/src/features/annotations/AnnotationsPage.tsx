import { Alert, Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useContent } from '../../api/contentDetail.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { WARNING_TEXT } from '../../shared/theme.ts';
import { contentName } from '../contents/actions/contentText.ts';
import { editLockText } from '../contents/wizard/contentText.ts';
import { editLockOf } from '../contents/wizard/editLock.ts';
import { ExteriorAnnotator } from './exterior/ExteriorAnnotator.tsx';
import { InteriorAnnotator } from './interior/InteriorAnnotator.tsx';

/**
 * /contents/annotations/{CarId}: the annotation editor of a vehicle (first document, section 2), its exterior and its
 * interior hotspots on two tabs. Read-only, with the reason, while the vehicle cannot be edited.
 */
export function AnnotationsPage() {
  const { t } = useTranslation();
  const { carId = '' } = useParams();
  const content = useContent(carId);
  const [tab, setTab] = useState<string | null>('exterior');

  if (content.isPending) return <CenteredLoader py={64} />;
  const c = content.data;
  if (!c) {
    return (
      <Alert color="red" maw={720} mx="auto" data-testid="content-missing">
        {t('contentsDetail.missing')}
      </Alert>
    );
  }
  const lock = editLockOf(c);

  return (
    <Stack gap="md" maw={1280} mx="auto" data-testid="annotations-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {t('annotations.title', { name: contentName(c) })}
          </Title>
          <Text size="sm" c="gray.7">
            {t('annotations.intro')}
          </Text>
        </Stack>
        <Anchor component={Link} to={`/contents/detail/${encodeURIComponent(c.id)}`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('annotations.back')}
          </Group>
        </Anchor>
      </Group>
      {lock ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock aria-hidden />}
          styles={{ message: { color: WARNING_TEXT } }}
        >
          {editLockText(lock)}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="exterior" data-testid="annotations-tab-exterior">
            {t('annotations.tabs.exterior')}
          </Tabs.Tab>
          <Tabs.Tab value="interior" data-testid="annotations-tab-interior">
            {t('annotations.tabs.interior')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="exterior" pt="md">
          <ExteriorAnnotator contentId={c.id} readOnly={lock !== null} />
        </Tabs.Panel>
        <Tabs.Panel value="interior" pt="md">
          <InteriorAnnotator contentId={c.id} readOnly={lock !== null} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
