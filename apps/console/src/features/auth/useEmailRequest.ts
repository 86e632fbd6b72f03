import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { emailRequestFormSchema } from './authForms.ts';

const FIELDS = ['email'] as const;

/**
 * A public form that asks for a mail to an account's address (a password reset, a new activation mail): the
 * address is checked with the domain's e-mail rule before sending; `sentTo` is the address once the server
 * took it.
 */
export function useEmailRequest(send: (email: string) => Promise<unknown>) {
  const form = useZodForm(emailRequestFormSchema, { defaultValues: { email: '' } });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS });
  const [sentTo, setSentTo] = useState<string | undefined>();
  const request = useMutation({ mutationFn: send });

  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email, { onSuccess: () => setSentTo(email), onError: showRefusal }),
  );

  return {
    form,
    sentTo,
    pending: request.isPending,
    submit: (event: FormEvent<HTMLFormElement>) => {
      setSentTo(undefined);
      void submit(event);
    },
    /** Back to the form, the address still filled in. */
    again: () => setSentTo(undefined),
  };
}

export type EmailRequest = ReturnType<typeof useEmailRequest>;
