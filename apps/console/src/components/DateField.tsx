import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './DateField.module.css';
import { formatDay, formatMonth } from './formatDateTime.ts';

export type DateFieldProps = Omit<TextInputProps, 'type' | 'value' | 'classNames' | 'inputContainer'> & {
  /** The day, YYYY-MM-DD (a month, YYYY-MM, with `granularity="month"`), or '' for none (the native input's value). */
  value: string;
  /** A day (a native date input) or a month (a native month input), written alike in the console's language. */
  granularity?: 'day' | 'month';
};

/** Keys that move between fields or leave the dialog rather than edit the day. */
const NOT_TYPING = new Set(['Tab', 'Shift', 'Escape', 'Enter']);

/**
 * A date input that writes the day in the console's language. A native date input writes it in the browser's
 * language (a Japanese console in a French browser showed jj/mm/aaaa), so the day shows over it as the console's
 * language writes it (formatDay), until the user types into the field: then the input's own segments show until
 * it loses the focus. A click or tap opens the browser's calendar (a phone's own picker). The value stays the
 * native input's YYYY-MM-DD, so forms, the server and the tests read it as before (docs/decisions.md, Languages).
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { value, granularity = 'day', onKeyDown, onBlur, ...props },
  ref,
) {
  const { t, i18n } = useTranslation();
  // Typing shows the input's own segments (one cannot type blind); a day picked in the calendar keeps ours.
  const [typing, setTyping] = useState(false);
  const month = granularity === 'month';
  const day = month ? formatMonth(value, i18n.language) : formatDay(value, i18n.language);
  const testId = (props as { 'data-testid'?: string })['data-testid'];
  return (
    <TextInput
      {...props}
      ref={ref}
      type={month ? 'month' : 'date'}
      value={value}
      onKeyDown={(event) => {
        if (!NOT_TYPING.has(event.key)) setTyping(true);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        setTyping(false);
        onBlur?.(event);
      }}
      classNames={{ input: classes.input }}
      inputContainer={(input) => (
        <div className={classes.field} data-typing={typing || undefined}>
          {input}
          <span
            className={classes.shown}
            aria-hidden
            data-empty={day === '' || undefined}
            data-disabled={props.disabled || undefined}
            data-testid={testId ? `${testId}-day` : undefined}
          >
            {day || t(month ? 'common.monthPlaceholder' : 'common.datePlaceholder')}
          </span>
        </div>
      )}
    />
  );
});
