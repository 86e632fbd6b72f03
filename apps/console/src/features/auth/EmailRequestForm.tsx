import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmailField } from './EmailField.tsx';
import { FormAlert } from './FormAlert.tsx';
import type { EmailRequest } from './useEmailRequest.ts';

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
        <Button type="submit" size="md" fullWidth loading={request.pending}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
