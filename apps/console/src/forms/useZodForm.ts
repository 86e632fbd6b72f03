import type { FieldError } from '@spinyard/domain';
import {
  type DefaultValues,
  get,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import type { FormSchema } from './domainResolver.ts';
import { type FieldTranslator, fieldTranslator, type NameKeys } from './fieldTranslator.ts';

export interface ZodFormOptions<S extends FormSchema> {
  defaultValues: DefaultValues<z.input<S>>;
  /** The i18n key of a field's name where the form's label is not `fields.<field>`. */
  nameKeys?: NameKeys;
  /** Words a refusal the form's own way (return undefined to keep the rule's sentence). */
  message?: (error: FieldError) => string | undefined;
  /**
   * False where the screen takes the user to the first refused field itself (components/focusFirstInvalid:
   * scrolled into view, inside an open dialog first), as the tenancy and user screens do.
   */
  shouldFocusError?: boolean;
}

/** What a Mantine text, password or checkbox input takes from the form: the registration and the message. */
export type FieldProps<N extends string = string> = UseFormRegisterReturn<N> & { error: string | undefined };

export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** Props for an input of `name`: registered, with its message, which goes once the user edits the field. */
  field: <N extends Path<z.input<S>>>(name: N) => FieldProps<N>;
  /** The sentence about the whole form (a refused call), until the next try. */
  formError: string | undefined;
  nameKeys: NameKeys;
};

/** Where a refusal about the whole form is kept: react-hook-form drops `root` errors at each submit. */
export const FORM_ERROR = 'root.server' as const;

/** A schema fetched when the form is first checked: the sign-in page shows its form without loading zod. */
export type SchemaLoader<S extends FormSchema> = () => Promise<S>;

/**
 * domainResolver, loaded with the form's first check: zod's resolver and the rule messages are not needed to draw
 * a form, and the sign-in page, which loads before anything else, stays without them.
 */
function lazyResolver<S extends FormSchema>(
  schema: S | SchemaLoader<S>,
  translate: FieldTranslator,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, context, options) => {
    const [{ domainResolver }, loaded] = await Promise.all([
      import('./domainResolver.ts'),
      typeof schema === 'function' ? schema() : Promise.resolve<S>(schema),
    ]);
    return domainResolver<S>(loaded, translate)(values, context, options);
  };
}

/**
 * The one form pattern: react-hook-form over the domain's zod schema (zodResolver, see domainResolver), messages
 * by rule in the user's language, the first refused field focused on submit (in the order the inputs are
 * drawn). Fields are checked on submit only; a field's message goes as soon as the user edits it, as before,
 * rather than being re-checked at each key. Server refusals go on the fields with useServerFieldErrors.
 */
export function useZodForm<S extends FormSchema>(schema: S | SchemaLoader<S>, options: ZodFormOptions<S>): ZodForm<S> {
  const { defaultValues, nameKeys = {}, message, shouldFocusError = true } = options;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // A small closure, made at each render so that it follows a schema built from props (the current e-mail).
    resolver: lazyResolver(schema, fieldTranslator(nameKeys, message)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError,
  });
  const { errors } = form.formState;
  const field = <N extends Path<z.input<S>>>(name: N): FieldProps<N> => ({
    ...form.register(name, {
      onChange: () => {
        if (get(form.formState.errors, name)) form.clearErrors(name);
      },
    }),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  });
  return { ...form, field, formError: errors.root?.server?.message, nameKeys };
}
