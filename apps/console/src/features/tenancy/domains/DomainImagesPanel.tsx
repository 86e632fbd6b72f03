import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type DomainDetail,
  type DomainImageKind,
  useRemoveDomainImage,
  useUploadDomainImage,
} from '../../../api/domains.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { refusalOf } from '../../../components/refusal.ts';
import { PictureUpload } from '../shared/PictureUpload.tsx';
import type { PictureKind } from '../shared/pictures.ts';
import { SectionCard } from '../shared/SectionCard.tsx';

interface PictureEntry {
  kind: DomainImageKind;
  picture: PictureKind;
  url: 'logo_url' | 'splash_url' | 'round_logo_url';
  height: number;
}

const LOGO: PictureEntry = { kind: 'logo', picture: 'domain_logo', url: 'logo_url', height: 110 };
const OTHERS: readonly PictureEntry[] = [
  { kind: 'splash', picture: 'splash', url: 'splash_url', height: 180 },
  { kind: 'round_logo', picture: 'round_logo', url: 'round_logo_url', height: 120 },
];

function DomainPicture({ domain, entry }: { domain: DomainDetail; entry: PictureEntry }) {
  const { t } = useTranslation();
  const upload = useUploadDomainImage();
  const remove = useRemoveDomainImage();
  const label = t(`domains.images.${entry.kind}`);
  return (
    <PictureUpload
      kind={entry.picture}
      label={label}
      currentUrl={domain[entry.url]}
      previewHeight={entry.height}
      disabled={domain.status === 'deleting'}
      testId={`domain-image-${entry.kind}`}
      onUpload={async (dataUrl, fileName) => {
        try {
          await upload.mutateAsync({ id: domain.id, kind: entry.kind, image: dataUrl, fileName });
          notifySuccess(t('domains.images.uploaded', { name: label }));
          return undefined;
        } catch (error) {
          return refusalOf(error);
        }
      }}
      onRemove={async () => {
        try {
          await remove.mutateAsync({ id: domain.id, kind: entry.kind });
          notifySuccess(t('domains.images.removed', { name: label }));
          return true;
        } catch (error) {
          refusalOf(error);
          return false;
        }
      }}
    />
  );
}

/** The domain's logo, splash image and round bottom logo: each previewed, replaced or removed on its own. */
export function DomainImagesPanel({ domain }: { domain: DomainDetail }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('domains.images.title')} description={t('domains.images.help')} id="domain-images">
      <Stack gap="xl">
        <DomainPicture domain={domain} entry={LOGO} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {OTHERS.map((entry) => (
            <DomainPicture key={entry.kind} domain={domain} entry={entry} />
          ))}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
