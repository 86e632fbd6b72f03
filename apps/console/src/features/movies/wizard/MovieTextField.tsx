import { Text, Textarea, TextInput } from '@mantine/core';
import { VIDEO_TEXT_MAX_CHARS } from '@spinyard/domain';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textFill } from './textFill.ts';
import { errorAt, type MovieWizardForm } from './useMovieWizardForm.ts';

/**
 * A text of the video with its live counter: the widest line's counted width against 33 (and the lines against
 * the most a title or subtitle takes), red once over, so the dealer sees the rule before the check refuses it.
 */
export function MovieTextField({
  form,
  name,
  label,
  maxLines = 1,
  testId,
}: {
  form: MovieWizardForm;
  name: string;
  label: string;
  /** More than one: a text area, one line a row. */
  maxLines?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const counterId = useId();
  const value = (useWatch({ control: form.control, name: name as never }) as string | undefined) ?? '';
  const { lines, widest } = textFill(value);
  const over = widest > VIDEO_TEXT_MAX_CHARS || lines > maxLines;
  const field = form.field(name as never);
  const common = {
    ...field,
    label,
    error: errorAt(form, name),
    'aria-describedby': counterId,
    'data-testid': testId,
  };
  return (
    <div>
      {maxLines > 1 ? (
        <Textarea {...common} autosize minRows={Math.min(maxLines, 2)} maxRows={maxLines + 1} />
      ) : (
        <TextInput {...common} />
      )}
      <Text
        id={counterId}
        size="xs"
        c={over ? 'red.9' : 'gray.7'}
        ta="right"
        data-testid={`${testId}-counter`}
        aria-live="polite"
      >
        {maxLines > 1
          ? t('movieWizard.counterLines', { lines, maxLines, width: widest, max: VIDEO_TEXT_MAX_CHARS })
          : t('movieWizard.counter', { width: widest, max: VIDEO_TEXT_MAX_CHARS })}
      </Text>
    </div>
  );
}
