import { Center, Image, Paper, Stack, Text } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/locale.ts';
import { formatBytes, formatNames, PICTURE_RULES, type PictureKind } from './pictures.ts';

// A checkerboard shows where a logo is transparent.
const CHECKERBOARD = {
  backgroundColor: '#fff',
  backgroundImage:
    'linear-gradient(45deg, #f1f3f5 25%, transparent 25%), linear-gradient(-45deg, #f1f3f5 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #f1f3f5 75%), linear-gradient(-45deg, transparent 75%, #f1f3f5 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0, 0 8px, 8px -8px, -8px 0',
};

/** The picture as it is now, fitted in a box of `height`, or a placeholder saying there is none. */
export function PicturePreview({
  url,
  label,
  height,
  testId,
}: {
  url: string | null;
  label: string;
  height: number;
  testId?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" style={CHECKERBOARD}>
      <Center h={height}>
        {url ? (
          <Image
            src={url}
            alt={t('domains.images.previewAlt', { name: label })}
            fit="contain"
            mah={height}
            maw="100%"
            w="auto"
            data-testid={testId ? `${testId}-preview` : undefined}
          />
        ) : (
          <Stack align="center" gap={4}>
            <IconPhoto size={32} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('domains.images.none')}
            </Text>
          </Stack>
        )}
      </Center>
    </Paper>
  );
}

/** A refused picture's reason in words, with the kind's own formats, size or pixels. */
export function usePictureErrorText(kind: PictureKind): (error: FieldError) => string {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rule = PICTURE_RULES[kind];
  return (error) => {
    switch (error.rule) {
      case 'format':
        return t('domains.images.errors.format', { formats: formatNames(rule) });
      case 'max_size':
        return t('domains.images.errors.max_size', { size: formatBytes(rule.maxBytes, locale) });
      case 'exact_dimensions':
        return t('domains.images.errors.exact_dimensions', {
          width: rule.exact?.width ?? 0,
          height: rule.exact?.height ?? 0,
        });
      case 'max_dimensions':
        return t('domains.images.errors.max_dimensions', {
          width: rule.max?.width ?? 0,
          height: rule.max?.height ?? 0,
        });
      case 'required':
        return t('domains.images.errors.required');
      default:
        return error.message;
    }
  };
}
