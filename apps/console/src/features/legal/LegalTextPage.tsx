import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { type LegalKind, legalParagraphs } from '@spinyard/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLegalText } from '../../api/legal.ts';
import { formatLongDate } from '../../components/formatDateTime.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { currentLocale } from '../../i18n/locale.ts';
import { AuthCard } from '../auth/AuthCard.tsx';

const TITLE_KEYS = {
  terms: 'screens.terms',
  privacy: 'screens.privacy',
  personal_information: 'screens.personal_information',
} as const satisfies Record<LegalKind, string>;

/** The text as paragraphs of lines: React escapes every character, so nothing a master typed becomes markup. */
export function LegalText({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      {legalParagraphs(text).map((lines, index) => (
        // Paragraphs have no identity of their own; their order is the text's.
        // biome-ignore lint/suspicious/noArrayIndexKey: the text is read-only, never reordered
        <Text key={index} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {lines.join('\n')}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The spec's titled screens for the terms of service, the privacy policy and the personal-information notice
 * (paths ours: /terms, /privacy, /personal-information): the text the host's domain has in force, in the page's
 * language or its fallback, under a line saying which version it is (or that it is the product's standard text).
 */
function LegalTextPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const text = useLegalText(kind, locale);
  const doc = text.data;
  return (
    <AuthCard title={t(TITLE_KEYS[kind])} width={720}>
      <Stack gap="md" data-testid="legal-text" data-kind={kind} data-version={doc?.version}>
        {text.isPending ? <Loader size="sm" mx="auto" aria-label={t('common.loading')} /> : null}
        {text.isError ? <Alert color="red">{t('legal.loadFailed')}</Alert> : null}
        {doc ? (
          <>
            <Title order={2} size="sm" c="gray.7" fw={500} data-testid="legal-version">
              {doc.is_default
                ? t('legal.defaultVersion')
                : t('legal.version', { version: doc.version, date: formatLongDate(doc.published_at, locale) })}
            </Title>
            {doc.language !== doc.requested_language ? (
              <Text size="sm" c="gray.7">
                {t('legal.fallback', { language: t(`language.${doc.language}`) })}
              </Text>
            ) : null}
            <div lang={doc.language}>
              <LegalText text={doc.text} />
            </div>
          </>
        ) : null}
        <LinkButton to="/login" variant="light" icon={IconArrowLeft}>
          {t('common.backToLogin')}
        </LinkButton>
      </Stack>
    </AuthCard>
  );
}

export const TermsPage = () => <LegalTextPage kind="terms" />;
export const PrivacyPage = () => <LegalTextPage kind="privacy" />;
export const PersonalInformationPage = () => <LegalTextPage kind="personal_information" />;
