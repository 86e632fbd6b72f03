import { Text, Textarea } from '@mantine/core';
import { CATEGORY_CAPTION_MAX_WIDTH, captionWidth, categoryCaption } from '@spinyard/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A caption as the server keeps it: line breaks are removed as they are typed or pasted, and the text stops at
 * width 100 (full-width characters count 1, half-width 0.5), with the width shown as it grows.
 */
export function CaptionField({
  value,
  onChange,
  error,
  disabled,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const counterId = useId();
  const width = captionWidth(value);
  return (
    <div>
      <Textarea
        label={t('slider.caption.label')}
        description={t('slider.caption.help')}
        value={value}
        onChange={(event) => onChange(categoryCaption(event.currentTarget.value))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        autosize
        minRows={1}
        maxRows={4}
        error={error}
        disabled={disabled}
        data-testid={testId}
      />
      <Text id={counterId} size="xs" c={width >= CATEGORY_CAPTION_MAX_WIDTH ? 'red.9' : 'dimmed'} ta="right">
        {t('slider.caption.width', { width, max: CATEGORY_CAPTION_MAX_WIDTH })}
      </Text>
    </div>
  );
}
