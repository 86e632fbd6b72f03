import { Anchor, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ContentAnswer, embedCode } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { CopyValue } from './CopyValue.tsx';

const URL_KEYS = ['short_url', 'direct_url', 'exterior_url', 'interior_url', 'rider_view_url'] as const;

/**
 * The vehicle's contents movie URL (its promo film, made on the detail page's content videos card): there from the
 * first render, published or not, so it stands apart from the publication's addresses.
 */
function MovieUrl({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const label = t('contentsDetail.urlNames.contents_movie_url');
  // The answer's address is the server's path; the dealer pastes it into a mail or a site, so it goes whole.
  const absolute = url === null ? null : new URL(url, window.location.href).href;
  return (
    <div data-testid="detail-movie-url">
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      {absolute ? (
        <Group gap="xs" wrap="wrap">
          <Anchor
            href={absolute}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {absolute}
          </Anchor>
          <CopyValue value={absolute} label={label} testId="copy-contents_movie_url" />
        </Group>
      ) : (
        <Text size="sm">{t('contentsDetail.movieUrlLater')}</Text>
      )}
    </div>
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
      <Stack gap="md">
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
        <MovieUrl url={urls.contents_movie_url} />
      </Stack>
    </SectionCard>
  );
}
