import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type DomainDetail,
  type DomainImageKind,
  useRemoveDomainImage,
  useUploadDomainImage,
} from '../../../api/domains.ts';
import { PictureUpload } from '../shared/PictureUpload.tsx';
import type { PictureKind } from '../shared/pictures.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { usePictureActions } from '../shared/usePictureActions.ts';

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
  const actions = usePictureActions(label, {
    upload: (image, fileName) => upload.mutateAsync({ id: domain.id, kind: entry.kind, image, fileName }),
    remove: () => remove.mutateAsync({ id: domain.id, kind: entry.kind }),
  });
  return (
    <PictureUpload
      kind={entry.picture}
      label={label}
      currentUrl={domain[entry.url]}
      previewHeight={entry.height}
      disabled={domain.status === 'deleting'}
      testId={`domain-image-${entry.kind}`}
      {...actions}
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
