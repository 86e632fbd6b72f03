import { NativeSelect } from '@mantine/core';
import { isSupportedLocale, SUPPORTED_LOCALES } from '@spinyard/domain';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLocale, currentLocale } from '../i18n/locale.ts';

/**
 * A native select on purpose: it works with every keyboard, screen reader and phone picker, and the browser
 * tests drive it by value. Each language is named in its own language so anyone can find theirs.
 */
export function LanguageSwitcher({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      data-testid="language-switcher"
      aria-label={t('language.label')}
      size={size}
      w={size === 'xs' ? 128 : 148}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={currentLocale()}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isSupportedLocale(value)) chooseLocale(value);
      }}
      data={SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))}
    />
  );
}
