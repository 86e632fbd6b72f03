import { emailSchema, parseFields } from '@spinyard/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldMessages, formErrorsOf } from './formErrors.ts';
import { useFormErrors } from './useFormErrors.ts';

const FIELDS = ['email'] as const;

/**
 * A public form that asks for a mail to an account's address (a password reset, a new activation mail): the
 * address is checked with the domain's schema before sending; `sentTo` is the address once the server took it.
 */
export function useEmailRequest(send: (email: string) => Promise<unknown>) {
  const { errors, refs, show, edited, clear } = useFormErrors(FIELDS);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const request = useMutation({ mutationFn: send });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(undefined);
    const parsed = parseFields(emailSchema, email);
    if (!parsed.ok) {
      // The schema checks a bare string, so its refusals name no field: they are the address's.
      show({
        fields: fieldMessages(
          parsed.fields.map((f) => ({ ...f, field: 'email' })),
          FIELDS,
        ).fields,
      });
      return;
    }
    clear();
    request.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data),
      onError: (error) => show(formErrorsOf(error, FIELDS)),
    });
  };

  return {
    email,
    emailRef: refs.email,
    errors,
    sentTo,
    pending: request.isPending,
    submit,
    change: (value: string) => {
      setEmail(value);
      edited('email');
    },
    /** Back to the form, the address still filled in. */
    again: () => setSentTo(undefined),
  };
}

export type EmailRequest = ReturnType<typeof useEmailRequest>;
