import { Alert, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LEGAL_KINDS, type LegalKind } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { useDomainList } from '../../api/domains.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { useLegalEdit } from '../../api/legal.ts';
import { useProfile } from '../../api/profile.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { LegalEditor } from './LegalEditor.tsx';
import { LegalVersions } from './LegalVersions.tsx';

/**
 * /legal/edit (master): each domain's terms of service, privacy policy and personal-information notice. The master
 * picks a domain and a text, writes the draft in four languages and publishes it as the next version; the versions
 * published are listed below, never changed.
 */
export function LegalEditPage() {
  const { t } = useTranslation();
  // The first 300 domains, filtered in the picker as the master types (the picker's own search drives no query).
  const domains = useDomainList({ page: 1, limit: 300, q: '' });
  const profile = useProfile();
  const [picked, setPicked] = useState<string | null>(null);
  const [kind, setKind] = useState<LegalKind>('terms');
  const items = domains.data?.items ?? [];
  // The master's own domain (the product's) until another is picked.
  const domainId = picked ?? items.find((d) => d.host === profile.data?.domain.host)?.id ?? items[0]?.id ?? null;
  const edit = useLegalEdit(kind, domainId);
  // The three titles do not fit side by side on a phone: one under the other there.
  const narrow = useMediaQuery('(max-width: 36em)');

  return (
    <Stack gap="lg" maw={960}>
      <Text size="sm" c="gray.7">
        {t('legal.edit.lead')}
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('legal.edit.domain')}
          data={items.map((d) => ({ value: d.id, label: `${d.service_name} (${d.host})` }))}
          value={domainId}
          onChange={setPicked}
          searchable
          nothingFoundMessage="-"
          allowDeselect={false}
          w={{ base: '100%', sm: 360 }}
          data-testid="legal-domain"
        />
        <SegmentedControl
          aria-label={t('legal.edit.kind')}
          value={kind}
          onChange={(value) => setKind(value as LegalKind)}
          data={LEGAL_KINDS.map((k) => ({ value: k, label: t(`legal.kinds.${k}`) }))}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          data-testid="legal-kind"
        />
      </Group>
      {edit.isPending && domainId !== null ? <CenteredLoader py={48} /> : null}
      {edit.error instanceof ApiError ? <Alert color="red">{apiErrorText(edit.error)}</Alert> : null}
      {edit.data && domainId !== null ? (
        <>
          <LegalEditor key={`${domainId}:${kind}`} edit={edit.data} />
          <LegalVersions edit={edit.data} />
        </>
      ) : null}
    </Stack>
  );
}
