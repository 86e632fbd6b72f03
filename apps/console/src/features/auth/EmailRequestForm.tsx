import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmailField } from './EmailField.tsx';
import { FormAlert } from './FormAlert.tsx';
import type { EmailRequest } from './useEmailRequest.ts';

/** A long label ("Envoyer un nouvel e-mail d'activation" on a phone) wraps inside the button instead of being cut. */
const WRAPPING_LABEL = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' },
} as const;

/** The form of an e-mail request (see useEmailRequest): the address and the submit button, then `children`. */
export function EmailRequestForm({
  request,
  label,
  submitLabel,
  errorTestId,
  children,
}: {
  request: EmailRequest;
  label: string;
  submitLabel: string;
  errorTestId: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={request.submit} noValidate aria-label={label}>
      <Stack gap="md">
        <FormAlert message={request.form.formError} testId={errorTestId} />
        <EmailField {...request.form.field('email')} />
        <Button type="submit" size="md" fullWidth loading={request.pending} styles={WRAPPING_LABEL}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
