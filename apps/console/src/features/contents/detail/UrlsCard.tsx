import { Anchor, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ContentAnswer, embedCode } from '@spinyard/domain';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';

const URL_KEYS = ['short_url', 'direct_url', 'exterior_url', 'interior_url', 'rider_view_url'] as const;

function CopyValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="compact-sm"
          variant="light"
          color={copied ? 'green' : 'blue'}
          leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          onClick={copy}
          aria-label={t('contentsDetail.copyOf', { name: label })}
          data-testid={testId}
        >
          {copied ? t('contentsDetail.copied') : t('contentsDetail.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * Where buyers see the vehicle: its URLs and the embed code, which exist once it is published (the publishing
 * issue builds them); until then the card says so instead of showing empty boxes.
 */
export function UrlsCard({ content }: { content: ContentAnswer }) {
  const { t } = useTranslation();
  const urls = content.urls;
  const shown = URL_KEYS.filter((key) => key !== 'rider_view_url' || content.contents_style === 'bike');
  const any = shown.some((key) => urls[key] !== null) || urls.embed_code !== null;
  // Made again in the language the dealer reads the console in: the frame's title is read to the buyers of the
  // dealer's site (the server's answer has the product's default language).
  const embed =
    urls.embed_code !== null && urls.direct_url !== null
      ? embedCode(urls.direct_url, t('contentsDetail.embedTitle'))
      : null;
  return (
    <SectionCard id="detail-urls" title={t('contentsDetail.urls')} testId="detail-urls">
      {!any ? (
        <Text size="sm" data-testid="detail-urls-later">
          {t('contentsDetail.urlsLater')}
        </Text>
      ) : (
        <Stack gap="md">
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
            {shown.map((key) => {
              const url = urls[key];
              const label = t(`contentsDetail.urlNames.${key}`);
              return (
                <div key={key}>
                  <Text component="dt" size="xs" c="gray.7" fw={600}>
                    {label}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {url ? (
                      <Group gap="xs" wrap="nowrap">
                        <Anchor
                          href={url}
                          target="_blank"
                          rel="noopener noreferrer"
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {url}
                        </Anchor>
                        <CopyValue value={url} label={label} testId={`copy-${key}`} />
                      </Group>
                    ) : (
                      // Once the vehicle has its address, a missing URL means it has no such images.
                      t(urls.direct_url !== null ? 'contentsDetail.urlNone' : 'contentsDetail.urlsLaterShort')
                    )}
                  </Text>
                </div>
              );
            })}
          </SimpleGrid>
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="xs" c="gray.7" fw={600} id="detail-embed-label">
                {t('contentsDetail.embedCode')}
              </Text>
              {embed ? <CopyValue value={embed} label={t('contentsDetail.embedCode')} testId="copy-embed" /> : null}
            </Group>
            {embed ? (
              <Code
                block
                aria-labelledby="detail-embed-label"
                data-testid="detail-embed"
                // Wrapped, not scrolled sideways: the whole code stays readable on a phone.
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {embed}
              </Code>
            ) : (
              <Text size="sm">{t('contentsDetail.urlsLaterShort')}</Text>
            )}
          </div>
        </Stack>
      )}
    </SectionCard>
  );
}
