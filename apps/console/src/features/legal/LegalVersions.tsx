import { Accordion, Stack, Text, Title } from '@mantine/core';
import type { LegalEditAnswer } from '@spinyard/domain';
import { servedLanguage } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { LegalText } from './LegalTextPage.tsx';

/** The versions of a text published so far, newest first, each readable in the page's language or its fallback. */
export function LegalVersions({ edit }: { edit: LegalEditAnswer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Stack gap="xs" data-testid="legal-versions">
      <Title order={2} size="h4">
        {t('legal.edit.versions')}
      </Title>
      {edit.versions.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('legal.edit.noVersions')}
        </Text>
      ) : (
        <Accordion variant="separated">
          {edit.versions.map((v) => {
            const language = servedLanguage(v.texts, locale);
            return (
              <Accordion.Item key={v.version} value={String(v.version)}>
                <Accordion.Control>
                  {t('legal.edit.versionBy', {
                    version: v.version,
                    date: formatDateTime(v.published_at, locale),
                    author: v.author ?? t('legal.edit.unknownAuthor'),
                  })}
                </Accordion.Control>
                <Accordion.Panel lang={language}>
                  <LegalText text={v.texts[language]} />
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Stack>
  );
}
