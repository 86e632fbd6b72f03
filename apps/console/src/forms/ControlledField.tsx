import type { ReactNode } from 'react';
import { type FieldValues, get, type Path, type PathValue, type UseFormReturn, useController } from 'react-hook-form';

export interface ControlledProps<T extends FieldValues, N extends Path<T>> {
  name: N;
  value: PathValue<T, N>;
  onChange: (value: PathValue<T, N>) => void;
  onBlur: () => void;
  /** The input to focus when the field is refused. */
  ref: (element: HTMLElement | null) => void;
  error: string | undefined;
}

/**
 * A form field whose input holds its value in React (Mantine's Select, NumberInput, Switch, a picture upload)
 * rather than in the DOM: react-hook-form keeps the value, the input gets it with its message, and the message
 * goes once the user changes the value, like the registered inputs of useZodForm.
 */
export function ControlledField<T extends FieldValues, O extends FieldValues, N extends Path<T>>({
  form,
  name,
  render,
}: {
  form: UseFormReturn<T, unknown, O>;
  name: N;
  render: (field: ControlledProps<T, N>) => ReactNode;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  return render({
    name,
    value: field.value,
    onChange: (value) => {
      field.onChange(value);
      if (get(form.formState.errors, name)) form.clearErrors(name);
    },
    onBlur: field.onBlur,
    ref: field.ref,
    error: fieldState.error?.message,
  });
}
