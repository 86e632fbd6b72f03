import { Button, Group, Loader, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { BUSY_LOADER_COLOR, busyProps } from '../../shared/buttons/busy.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { SectionCard } from './SectionCard.tsx';

/**
 * A card of the account screen that is one form, named by the card's title: what is already known first
 * (`intro`), then the sentence about a refused try, the fields, and the submit button. Test ids follow the
 * card's: `<id>-error`, `<id>-submit`.
 */
export function AccountFormCard({
  id,
  title,
  description,
  submitLabel,
  onSubmit,
  formError,
  pending,
  intro,
  children,
}: {
  id: string;
  title: string;
  description: string;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formError: string | undefined;
  pending: boolean;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionCard id={id} title={title} description={description}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {intro}
          <FormAlert message={formError} testId={`${id}-error`} />
          {children}
          <Group justify="flex-end">
            {/* Busy without `disabled`, so the keyboard focus stays on the button after a send (shared/buttons). */}
            <Button
              type="submit"
              {...busyProps(pending, undefined)}
              leftSection={pending ? <Loader size={16} color={BUSY_LOADER_COLOR} /> : undefined}
              data-testid={`${id}-submit`}
            >
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
